import { describe, expect, it } from 'vitest';
import {
  DataSource,
  DeviceType,
  SamplingInterval,
  dataSourceOrigin,
  dataSourcesFor,
  deviceTypeBinding,
  deviceTypeStoreCategory,
  samplingIntervalChoices,
} from './devices.ts';
import { RealtimeEvent, RealtimeRoom, realtimeRooms } from './realtime.ts';

describe('device types', () => {
  it('are the contiguous codes 0–29, each bound to a member or an area', () => {
    expect(Object.values(DeviceType)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    for (const type of Object.values(DeviceType))
      expect(['member', 'area']).toContain(deviceTypeBinding[type]);
  });

  it('install space sensors and air boxes in areas and bind watches to members', () => {
    expect(deviceTypeBinding[DeviceType.spaceFall]).toBe('area');
    expect(deviceTypeBinding[DeviceType.spaceSentinel]).toBe('area');
    expect(deviceTypeBinding[DeviceType.airBox]).toBe('area');
    expect(deviceTypeBinding[DeviceType.watchB10]).toBe('member');
    expect(deviceTypeBinding[DeviceType.chylyngWatch]).toBe('member');
  });

  it('map to abnormal store categories as SPEC §3 says', () => {
    const spec: [DeviceType, string][] = [
      [DeviceType.sleepSensor, 'sleep'],
      [DeviceType.spaceFall, 'space'],
      [DeviceType.spaceSentinel, 'space'],
      [DeviceType.airBox, 'air'],
      [DeviceType.watchB07, 'watch'],
      [DeviceType.watchB10, 'watch'],
      [DeviceType.watchB20, 'watch'],
      [DeviceType.chylyngWatch, 'chylyng'],
      [DeviceType.diaperSensor, 'diaper'],
    ];
    for (const [type, category] of spec) expect(deviceTypeStoreCategory[type], String(type)).toBe(category);
    const listed = new Set(spec.map(([type]) => type));
    for (const type of Object.values(DeviceType)) {
      if (!listed.has(type)) expect(deviceTypeStoreCategory[type]).toBe('device_bind');
    }
    expect(new Set(Object.values(deviceTypeStoreCategory))).toEqual(new Set(realtimeRooms));
  });
});

describe('data sources', () => {
  it('are the contiguous codes 0–55', () => {
    expect(Object.values(DataSource)).toEqual(Array.from({ length: 56 }, (_, i) => i));
  });

  it('give a one-minute and a five-minute code for each wearable, as the vital-sign pages ask', () => {
    expect(samplingIntervalChoices).toEqual([1, 2]);
    expect(SamplingInterval.oneMinute).toBe(1);
    expect(SamplingInterval.fiveMinutes).toBe(2);
    expect(dataSourcesFor(DeviceType.watchB10, SamplingInterval.oneMinute)).toEqual([DataSource.watchB10_1m]);
    expect(dataSourcesFor(DeviceType.watchB10, SamplingInterval.fiveMinutes)).toEqual([
      DataSource.watchB10_5m,
    ]);
    expect(dataSourcesFor(DeviceType.watchH20, SamplingInterval.fiveSeconds)).toEqual([
      DataSource.watchH20_5s,
    ]);
    expect(dataSourcesFor(DeviceType.sleepSensor)).toEqual([1, 2, 3, 4]);
    expect(dataSourcesFor(DeviceType.bloodPressureMonitor, SamplingInterval.oneMinute)).toEqual([
      DataSource.bloodPressureMonitor,
    ]);
    expect(dataSourcesFor(DeviceType.gateway)).toEqual([]);
  });

  it('round-trip: every device code the helper gives points back to that device and interval', () => {
    const seen = new Set<number>();
    for (const type of Object.values(DeviceType)) {
      for (const code of dataSourcesFor(type)) {
        expect(dataSourceOrigin[code].deviceType, `${code}`).toBe(type);
        seen.add(code);
      }
      for (const interval of Object.values(SamplingInterval)) {
        for (const code of dataSourcesFor(type, interval)) {
          const origin = dataSourceOrigin[code];
          if (origin.interval !== null) expect(origin.interval).toBe(interval);
        }
      }
    }
    const unowned = Object.values(DataSource).filter((code) => !seen.has(code));
    expect(unowned).toEqual([
      DataSource.manual,
      DataSource.mobileApp,
      DataSource.healthStation,
      DataSource.hospitalSystem,
    ]);
  });
});

describe('real-time names', () => {
  it('spell SPEC §3 names exactly, including abnoramlHandle', () => {
    expect(RealtimeEvent.abnormalHandle).toBe('abnoramlHandle');
    expect(RealtimeRoom.deviceBind).toBe('device_bind');
    expect(realtimeRooms).toEqual(['sleep', 'space', 'air', 'watch', 'device_bind', 'chylyng', 'diaper']);
  });
});
