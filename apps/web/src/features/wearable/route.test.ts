import { describe, expect, it } from 'vitest';
import { DeviceType } from '@vigil/contracts';
import { parseWearableRoute } from './route.ts';

const none = new URLSearchParams();

describe('parseWearableRoute (SPEC §2 member_id and device_type)', () => {
  it('reads both from the path', () => {
    expect(parseWearableRoute('12/5', none, DeviceType.watchB10)).toEqual({ memberId: 12, deviceType: 5 });
  });

  it('takes the device type from the page when absent, and both from the query', () => {
    expect(parseWearableRoute('12', none, DeviceType.watchG15)).toEqual({ memberId: 12, deviceType: 7 });
    expect(parseWearableRoute('', new URLSearchParams('member_id=3&device_type=8'), DeviceType.watchH20)).toEqual({ memberId: 3, deviceType: 8 });
  });

  it('accepts the model name as the device type, as /wearable-device-B10/15/B10 writes it', () => {
    expect(parseWearableRoute('15/B10', none, DeviceType.watchB10)).toEqual({ memberId: 15, deviceType: 5 });
    expect(parseWearableRoute('15/b10', none, DeviceType.watchB10)).toEqual({ memberId: 15, deviceType: 5 });
    expect(parseWearableRoute('', new URLSearchParams('member_id=15&device_type=H20'), DeviceType.watchH20)).toEqual({ memberId: 15, deviceType: 8 });
    expect(parseWearableRoute('15/B20', none, DeviceType.watchB10)).toBeNull();
  });

  it('refuses a missing member or another watch type', () => {
    expect(parseWearableRoute('', none, DeviceType.watchB10)).toBeNull();
    expect(parseWearableRoute('12/6', none, DeviceType.watchB10)).toBeNull();
    expect(parseWearableRoute('x/5', none, DeviceType.watchB10)).toBeNull();
  });
});
