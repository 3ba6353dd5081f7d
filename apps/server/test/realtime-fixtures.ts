import type { RealtimeAbnormal, RealtimeDeviceData, RealtimeRoom } from '@vigil/contracts';
import { nowUnix } from '@vigil/contracts';

/** A valid abnormal list row for channel tests; ids and areas vary per test. */
export function abnormalFixture(o: { id: number; areaId?: number; handled?: boolean; occurTime?: number }): RealtimeAbnormal {
  const now = nowUnix();
  return {
    id: o.id,
    type: 12,
    category: 1,
    occur_time: o.occurTime ?? now,
    detail: null,
    is_handle: o.handled ?? false,
    is_follow: false,
    source: {
      type: 'space',
      id: 1,
      user: null,
      area: { id: o.areaId ?? 1, name: 'East wing' },
      device: { type: 2, id: 1, name: 'Room 101 sensor' },
    },
    handle: null,
    created_at: now,
    updated_at: now,
  };
}

export function deviceDataFixture(room: RealtimeRoom): RealtimeDeviceData {
  return {
    room,
    device: { id: 7, type: 0, name: 'Bed 3' },
    member: { id: 3, name: 'Member 3' },
    area: null,
    occur_time: nowUnix(),
    values: { heart_rate: 64, breathing: 14, in_bed: true },
  };
}
