import { describe, expect, it } from 'vitest';
import type { RealtimeDeviceData } from '@vigil/contracts';
import { LIVE_DEVICE_LIMIT, mergeReading } from './live-readings.ts';

const reading = (id: number, time: number, hr = 60): RealtimeDeviceData => ({
  room: 'sleep',
  device: { id, type: 0, name: null },
  member: null,
  area: null,
  occur_time: time,
  values: { heart_rate: hr },
});

describe('live readings', () => {
  it('keeps one latest reading per device, newest first', () => {
    let list = mergeReading([], reading(1, 10));
    list = mergeReading(list, reading(2, 11));
    list = mergeReading(list, reading(1, 12, 70));
    expect(list.map((d) => [d.device.id, d.values.heart_rate])).toEqual([
      [1, 70],
      [2, 60],
    ]);
  });

  it('ignores a late packet and caps the panel', () => {
    const list = mergeReading([reading(1, 20, 80)], reading(1, 10, 50));
    expect(list[0].values.heart_rate).toBe(80);
    let many: RealtimeDeviceData[] = [];
    for (let i = 0; i < LIVE_DEVICE_LIMIT + 5; i++) many = mergeReading(many, reading(i, i));
    expect(many).toHaveLength(LIVE_DEVICE_LIMIT);
  });
});
