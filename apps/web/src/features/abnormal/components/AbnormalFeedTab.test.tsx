import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbnormalType, type RealtimeAbnormal, Resource, nowUnix } from '@vigil/contracts';
import { jsonResponse, renderWithProviders, signInAs } from '../../../test/render.tsx';
import { realtime } from '../../realtime/index.ts';
import { openFeed, resetFeedForTests } from '../feed.ts';
import AbnormalFeedTab from './AbnormalFeedTab.tsx';

// Midday on a fixed day: "three minutes ago" must fall on today whenever the suite runs (just
// after midnight it would be yesterday). Only Date is faked, so the UI's timers run as usual.
vi.useFakeTimers({ toFake: ['Date'] });
vi.setSystemTime(new Date(2026, 10, 23, 12, 0, 0));
const now = nowUnix();
const alert = (id: number, type: number, o: Partial<RealtimeAbnormal> = {}): RealtimeAbnormal => ({
  id,
  type,
  category: 0,
  occur_time: now - 180,
  detail: null,
  is_handle: false,
  is_follow: false,
  source: {
    type: 'watch',
    id: 1,
    user: { id: 15, name: 'Lin Mei', room: '203', bed: 'B' },
    area: { id: 1, name: 'East wing' },
    device: { type: 0, id: 1, name: null },
  },
  handle: null,
  created_at: now,
  updated_at: now,
  ...o,
});

/** Plays the server: delivers a packet to the client's listeners as the socket would. */
function push(event: string, payload: unknown) {
  const listeners = (realtime as unknown as { listeners: Map<string, Set<(p: unknown) => void>> }).listeners.get(event);
  for (const l of listeners ?? []) l(payload);
}

afterEach(() => {
  resetFeedForTests();
  vi.unstubAllGlobals();
});

describe('abnormal feed tab', () => {
  it('shows priority in words, the reading with its unit, room and bed, and keeps earlier days apart', async () => {
    signInAs({ api: [{ route: Resource.abnormal, method: 'GET' }] });
    const yesterday = alert(1, AbnormalType.watchLowBattery, { occur_time: now - 2 * 86_400, detail: { value: 12 } });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { data: [yesterday] })));
    await openFeed({ start_date: now - 7 * 86_400, end_date: now });
    renderWithProviders(<AbnormalFeedTab />);

    const earlier = screen.getByTestId('abnormal-feed-earlier');
    expect(within(earlier).getByText('Low priority')).toBeTruthy();
    expect(screen.queryByTestId('abnormal-feed-today')).toBeNull();

    act(() => push('abnormal', alert(2, AbnormalType.instantHeartRateHigh, { detail: { value: 164, standard: 150 } })));
    const today = screen.getByTestId('abnormal-feed-today');
    const item = within(today).getByTestId('abnormal-feed-item');
    expect(within(item).getByText('Medium priority')).toBeTruthy();
    expect(within(item).getByTestId('abnormal-feed-reading').textContent).toBe('164 bpm · standard 150 bpm');
    expect(within(item).getByTestId('abnormal-feed-who').textContent).toBe('Lin Mei — Room 203 · Bed B · East wing');
    expect(within(item).getByText('3 min. ago')).toBeTruthy();
    expect(item.getAttribute('data-fresh')).toBe('true');
    expect(screen.getByTestId('abnormal-feed-announcer').textContent).toMatch(/^New alert, Medium priority: .+, Lin Mei, Room 203 · Bed B · East wing$/);
  });

  it("links a heart-rate alert to the member's heart-rate and watch pages for a user allowed to open them", async () => {
    signInAs({ router: 2, api: [{ route: Resource.abnormal, method: 'GET' }, { route: Resource.heartRate, method: 'GET' }] });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { data: [] })));
    await openFeed({ start_date: now - 86_400, end_date: now });
    renderWithProviders(<AbnormalFeedTab />);
    act(() => push('abnormal', alert(4, AbnormalType.instantHeartRateHigh, { source: { ...alert(4, 0).source, device: { type: 5, id: 1, name: null } } })));
    expect(screen.getByTestId('alert-link-vital').getAttribute('href')).toBe('/heartrate/15');
    expect(screen.getByTestId('alert-link-vital').getAttribute('aria-label')).toBe('Open Heart rate for Lin Mei');
    expect(screen.getByTestId('alert-link-wearable').getAttribute('href')).toBe('/wearable-device-B10/15/B10');
  });

  it('marks a fall as high priority and announces it in Chinese too', async () => {
    const { default: i18next } = await import('i18next');
    await i18next.changeLanguage('zh-TW');
    signInAs({ api: [{ route: Resource.abnormal, method: 'GET' }] });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { data: [] })));
    await openFeed({ start_date: now - 86_400, end_date: now });
    renderWithProviders(<AbnormalFeedTab />);
    act(() => push('abnormal', alert(3, AbnormalType.fall)));
    expect(screen.getByText('高優先')).toBeTruthy();
    expect(screen.getByTestId('abnormal-feed-announcer').textContent).toContain('新警示，高優先');
  });
});
