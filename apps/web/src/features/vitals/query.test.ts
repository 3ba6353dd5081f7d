import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DataSource, DeviceType } from '@vigil/contracts';
import { vitalKinds } from './kinds/table.tsx';
import { LIVE_REFRESH_MS, chartQuery, liveRefreshFor, parseVitalPath, sourcesOf, tableQuery } from './query.ts';

const range = { start: dayjs('2026-03-01T00:00:00'), end: dayjs('2026-03-07T23:59:59') };

describe('vital page queries (SPEC §7)', () => {
  it('asks the chart for the whole range unpaged and ascending', () => {
    const q = chartQuery(vitalKinds.bloodOxygen, { memberId: 7, deviceType: DeviceType.watchB10, range }, sourcesOf(DeviceType.watchB10));
    expect(q).toMatchObject({ user_id: 7, per_page: -1, order: 'asc', order_by: 'occur_time', start_date: range.start.unix(), end_date: range.end.unix() });
    expect(q.types).toEqual([DataSource.watchB10_1m, DataSource.watchB10_5m, DataSource.watchB10_10m, DataSource.watchB10_5s]);
  });

  it('asks the table for one page with its sort, and leaves types unset without a device', () => {
    const q = tableQuery({ memberId: 7, deviceType: null, range }, null, { page: 2, per_page: 15, order: 'desc', order_by: 'occur_time' });
    expect(q).toMatchObject({ page: 2, per_page: 15, order: 'desc', order_by: 'occur_time', types: -1 });
  });

  it('orders sleep by start time', () => {
    expect(chartQuery(vitalKinds.sleep, { memberId: 1, deviceType: null, range }, null).order_by).toBe('start_time');
  });

  it('narrows the heart-rate helper to one-minute sources', () => {
    expect(sourcesOf(DeviceType.watchG15, true)).toEqual([DataSource.watchG15_1m]);
  });
});

describe('live refresh of a chart', () => {
  const scope = { memberId: 7, deviceType: null, range };
  it('refreshes every minute while the range has not ended, and never for the past', () => {
    expect(liveRefreshFor(scope, range.end.valueOf())).toBe(LIVE_REFRESH_MS);
    expect(liveRefreshFor(scope, range.end.valueOf() + 1)).toBe(false);
    expect(liveRefreshFor(null)).toBe(false);
  });
});

describe('parseVitalPath (SPEC §2 route params)', () => {
  it('reads an optional member id and device type', () => {
    expect(parseVitalPath(undefined)).toEqual({ memberId: null, deviceType: null });
    expect(parseVitalPath('12')).toEqual({ memberId: 12, deviceType: null });
    expect(parseVitalPath('12/5')).toEqual({ memberId: 12, deviceType: 5 });
  });

  it('ignores what is not a member id or a known device type', () => {
    expect(parseVitalPath('abc/5')).toEqual({ memberId: null, deviceType: null });
    expect(parseVitalPath('0')).toEqual({ memberId: null, deviceType: null });
    expect(parseVitalPath('12/99')).toEqual({ memberId: 12, deviceType: null });
  });
});
