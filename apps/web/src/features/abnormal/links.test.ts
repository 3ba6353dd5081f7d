import { describe, expect, it } from 'vitest';
import { AbnormalType, DeviceType, type RealtimeAbnormal } from '@vigil/contracts';
import { alertLinks } from './links.ts';

const source = (o: Partial<RealtimeAbnormal['source']> = {}): RealtimeAbnormal['source'] => ({
  type: 'watch',
  id: 1,
  user: { id: 15, name: 'Lin Mei' },
  area: { id: 1, name: 'East wing' },
  device: { type: DeviceType.watchB10, id: 3, name: null },
  ...o,
});

describe('alert links', () => {
  it("sends a watch's heart-rate alert to the member's heart-rate page and B10 watch page", () => {
    expect(alertLinks({ type: AbnormalType.instantHeartRateHigh, source: source() })).toEqual([
      { kind: 'vital', page: 'heartrate', to: '/heartrate/15' },
      { kind: 'wearable', page: 'wearable-device-B10', to: '/wearable-device-B10/15/B10' },
    ]);
  });

  it('picks the page of the reading: blood pressure, sugar, ECG', () => {
    const noWatch = source({ device: null });
    expect(alertLinks({ type: AbnormalType.systolicHigh, source: noWatch })[0].to).toBe('/bloodpressure/15');
    expect(alertLinks({ type: AbnormalType.fastingSugarLow, source: noWatch })[0].to).toBe('/bloodsugar/15');
    expect(alertLinks({ type: AbnormalType.ecgTachycardia, source: noWatch })[0].to).toBe('/ecg/15');
  });

  it("sends an abnormal ECG's alert to the member's ECG records due for handling too", () => {
    expect(alertLinks({ type: AbnormalType.ecgAbnormal, source: source({ device: null }) })).toEqual([
      { kind: 'vital', page: 'ecg', to: '/ecg/15' },
      { kind: 'handle', page: 'ecg', to: '/ecg/handle?user_id=15' },
    ]);
  });

  it('links nowhere for a room alert without a member, and only the watch page for a watch fall', () => {
    expect(alertLinks({ type: AbnormalType.intrusion, source: source({ user: null, device: null }) })).toEqual([]);
    expect(alertLinks({ type: AbnormalType.wearableFall, source: source() }).map((l) => l.kind)).toEqual(['wearable']);
  });
});
