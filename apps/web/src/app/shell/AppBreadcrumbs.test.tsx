import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import { AppBreadcrumbs } from './AppBreadcrumbs.tsx';

describe('<AppBreadcrumbs>', () => {
  it('labels the member segment by role family (patients in a hospital, residents in a care home)', async () => {
    signInAs({ router: 9 });
    await i18next.changeLanguage('zh-TW');
    renderWithProviders(<AppBreadcrumbs />, { route: '/member/info' });
    const nav = screen.getByRole('navigation', { name: '導覽路徑' });
    expect(within(nav).getByRole('link', { name: '首頁' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: '病患' }).getAttribute('href')).toBe('/member');
    expect(within(nav).getByText('詳細資料').getAttribute('aria-current')).toBe('page');
  });

  it('shows the shared page name on pass-modify', () => {
    signInAs({ router: 12 });
    renderWithProviders(<AppBreadcrumbs />, { route: '/pass-modify' });
    expect(screen.getByText('Modify password').getAttribute('aria-current')).toBe('page');
  });
});
