import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import { useBreadcrumbName } from '../../lib/breadcrumb-name.ts';
import { AppBreadcrumbs } from './AppBreadcrumbs.tsx';

/** A detail page that has loaded its record and publishes the record's name. */
function MemberDetail({ name }: { name: string | null }) {
  useBreadcrumbName(1, name);
  return null;
}

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

  it('shows the record name a detail page published instead of its id, and the id again once the page is gone', () => {
    signInAs({ router: 2 });
    const view = renderWithProviders(
      <>
        <AppBreadcrumbs />
        <MemberDetail name="王美玲" />
      </>,
      { route: '/member/info/1' },
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByText('王美玲').getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Residents' }).getAttribute('href')).toBe('/member');
    expect(within(nav).queryByText('1')).toBeNull();

    view.rerender(
      <>
        <AppBreadcrumbs />
        <MemberDetail name={null} />
      </>,
    );
    expect(within(nav).getByText('1').getAttribute('aria-current')).toBe('page');
  });
});
