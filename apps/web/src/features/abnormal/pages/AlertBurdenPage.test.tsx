import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Resource, Role, alertBurden } from '@vigil/contracts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import AlertBurdenPage from './AlertBurdenPage.tsx';

const burden = alertBurden.parse({
  start_date: 1_767_225_600,
  end_date: 1_767_398_399,
  days: ['2026-01-01', '2026-01-02'],
  total: 7,
  members: [
    { user_id: 5, user_name: 'Ana Lin', total: 6, per_day: 3, by_day: [{ day: '2026-01-01', count: 4 }, { day: '2026-01-02', count: 2 }] },
    { user_id: 9, user_name: 'Bo Chen', total: 1, per_day: 0.5, by_day: [{ day: '2026-01-01', count: 0 }, { day: '2026-01-02', count: 1 }] },
  ],
  response: { responded: 5, p50: 200, p90: 900, p95: 3720 },
  handled: 4,
  no_action: 3,
  no_action_share: 0.75,
});

describe('alert burden page', () => {
  it('shows alerts per member per day, response percentiles and the share needing no action', async () => {
    signInAs({ router: Role.orgAdmin, api: [{ route: Resource.abnormalBurden, method: 'GET' }] });
    const server = mockApi();
    server.on('GET', Resource.abnormalBurden, ok(burden));
    renderWithProviders(<AlertBurdenPage />);
    expect(await screen.findByText('75%')).toBeTruthy();
    expect(within(screen.getByTestId('burden-no-action')).getByText('3 of 4 handled alerts')).toBeTruthy();
    expect(within(screen.getByTestId('burden-response')).getByText('3 min 20 s')).toBeTruthy();
    expect(within(screen.getByTestId('burden-response')).getByText('90th percentile 15 min 0 s, 95th 1 h 2 min (5 alerts answered)')).toBeTruthy();
    // 7 alerts over two members and two days.
    expect(within(screen.getByTestId('burden-per-member-day')).getByText('1.8')).toBeTruthy();
    const ana = screen.getAllByTestId('burden-member')[0];
    expect(within(ana).getAllByRole('cell').map((c) => c.textContent)).toEqual(['6', '3', '4', '2']);
    const call = server.callsTo('GET', Resource.abnormalBurden)[0];
    expect(Number(call.query.end_date)).toBeGreaterThan(Number(call.query.start_date));
    expect(call.query.utc_offset).toMatch(/^-?\d+$/);
  });
});
