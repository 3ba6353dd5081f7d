import { labelKeys } from './label-key.ts';
import { RealtimeRoom } from './realtime.ts';

/**
 * SPEC §3: device types 0–29, shared by member-level devices (bound to a member) and org-level
 * devices (installed in an area). SPEC names the device families; numbering is Vigil's
 * (docs/enums.md).
 */
export const DeviceType = {
  sleepSensor: 0,
  spaceSentinel: 1,
  spaceFall: 2,
  airBox: 3,
  watchB07: 4,
  watchB10: 5,
  watchB20: 6,
  watchG15: 7,
  watchH20: 8,
  chylyngWatch: 9,
  diaperSensor: 10,
  temperaturePatch: 11,
  bloodPressureMonitor: 12,
  glucometer: 13,
  stethoscope: 14,
  ecgPatch: 15,
  scale: 16,
  pulseOximeter: 17,
  thermometer: 18,
  foraD40g: 19,
  multiMeter: 20,
  urineOutputSensor: 21,
  smartCup: 22,
  activityTracker: 23,
  sosButton: 24,
  doorSensor: 25,
  bedExitPad: 26,
  smokeDetector: 27,
  gateway: 28,
  camera: 29,
} as const;
export type DeviceType = (typeof DeviceType)[keyof typeof DeviceType];
export const deviceTypeLabelKey = labelKeys('deviceType', DeviceType);

/** Whether a device is bound to a member (member-level) or installed in an area (room device). */
export const DeviceBinding = { member: 'member', area: 'area' } as const;
export type DeviceBinding = (typeof DeviceBinding)[keyof typeof DeviceBinding];
export const deviceBindingLabelKey = labelKeys('deviceBinding', DeviceBinding);

export const deviceTypeBinding: Record<DeviceType, DeviceBinding> = {
  0: 'member',
  1: 'area',
  2: 'area',
  3: 'area',
  4: 'member',
  5: 'member',
  6: 'member',
  7: 'member',
  8: 'member',
  9: 'member',
  10: 'member',
  11: 'member',
  12: 'member',
  13: 'member',
  14: 'member',
  15: 'member',
  16: 'member',
  17: 'member',
  18: 'member',
  19: 'member',
  20: 'member',
  21: 'member',
  22: 'member',
  23: 'member',
  24: 'member',
  25: 'area',
  26: 'area',
  27: 'area',
  28: 'area',
  29: 'area',
};

export const memberDeviceTypes = (Object.values(DeviceType) as DeviceType[]).filter(
  (type) => deviceTypeBinding[type] === DeviceBinding.member,
);
export const areaDeviceTypes = (Object.values(DeviceType) as DeviceType[]).filter(
  (type) => deviceTypeBinding[type] === DeviceBinding.area,
);

/** The wrist watches with a wearable device page (SPEC §2: wearable-device-B10 … H20). */
export const wearableDeviceTypes = [
  DeviceType.watchB10,
  DeviceType.watchB20,
  DeviceType.watchG15,
  DeviceType.watchH20,
] as const;
/** The model name in `wearable-device-<model>` paths. */
export const wearableDeviceModel: Record<(typeof wearableDeviceTypes)[number], string> = {
  5: 'B10',
  6: 'B20',
  7: 'G15',
  8: 'H20',
};

/**
 * SPEC §3: lists of the client-side abnormal store. Values equal the real-time room names so an
 * event's room and its list are the same string.
 */
export const AbnormalStoreCategory = {
  sleep: RealtimeRoom.sleep,
  space: RealtimeRoom.space,
  air: RealtimeRoom.air,
  watch: RealtimeRoom.watch,
  deviceBind: RealtimeRoom.deviceBind,
  chylyng: RealtimeRoom.chylyng,
  diaper: RealtimeRoom.diaper,
} as const;
export type AbnormalStoreCategory = (typeof AbnormalStoreCategory)[keyof typeof AbnormalStoreCategory];
export const abnormalStoreCategoryLabelKey = labelKeys('abnormalStoreCategory', AbnormalStoreCategory);

/**
 * SPEC §3 device type -> abnormal store list: sleep -> sleep; space fall and space watch (sentinel)
 * -> space; air -> air; watches B07, B10, B20 -> watch; 4G watch -> chylyng; diaper -> diaper.
 * Devices SPEC does not list (G15, H20, patches, meters, …) go to the device-bind list, which holds
 * alerts of any other bound device.
 */
export const deviceTypeStoreCategory: Record<DeviceType, AbnormalStoreCategory> = {
  0: 'sleep',
  1: 'space',
  2: 'space',
  3: 'air',
  4: 'watch',
  5: 'watch',
  6: 'watch',
  7: 'device_bind',
  8: 'device_bind',
  9: 'chylyng',
  10: 'diaper',
  11: 'device_bind',
  12: 'device_bind',
  13: 'device_bind',
  14: 'device_bind',
  15: 'device_bind',
  16: 'device_bind',
  17: 'device_bind',
  18: 'device_bind',
  19: 'device_bind',
  20: 'device_bind',
  21: 'device_bind',
  22: 'device_bind',
  23: 'device_bind',
  24: 'device_bind',
  25: 'device_bind',
  26: 'device_bind',
  27: 'device_bind',
  28: 'device_bind',
  29: 'device_bind',
};

/**
 * SPEC §3: sampling interval. SPEC numbers one minute 1 and five minutes 2 (the choices the pages
 * offer, `samplingIntervalChoices`); ten minutes 3 and five seconds 4 are Vigil's, for the other
 * data-source variants SPEC mentions.
 */
export const SamplingInterval = { oneMinute: 1, fiveMinutes: 2, tenMinutes: 3, fiveSeconds: 4 } as const;
export type SamplingInterval = (typeof SamplingInterval)[keyof typeof SamplingInterval];
export const samplingIntervalLabelKey = labelKeys('samplingInterval', SamplingInterval);
export const samplingIntervalChoices = [SamplingInterval.oneMinute, SamplingInterval.fiveMinutes] as const;
export const samplingIntervalSeconds: Record<SamplingInterval, number> = { 1: 60, 2: 300, 3: 600, 4: 5 };

/**
 * SPEC §3: data source (equipment) of a reading, 0–55: the `type` column of records and the
 * `types` query of reading lists. Continuous devices have one code per sampling interval.
 */
export const DataSource = {
  manual: 0,
  sleepSensor1m: 1,
  sleepSensor5m: 2,
  sleepSensor10m: 3,
  sleepSensor5s: 4,
  watchB07_1m: 5,
  watchB07_5m: 6,
  watchB07_10m: 7,
  watchB07_5s: 8,
  watchB10_1m: 9,
  watchB10_5m: 10,
  watchB10_10m: 11,
  watchB10_5s: 12,
  watchB20_1m: 13,
  watchB20_5m: 14,
  watchB20_10m: 15,
  watchB20_5s: 16,
  watchG15_1m: 17,
  watchG15_5m: 18,
  watchG15_10m: 19,
  watchG15_5s: 20,
  watchH20_1m: 21,
  watchH20_5m: 22,
  watchH20_10m: 23,
  watchH20_5s: 24,
  chylyngWatch1m: 25,
  chylyngWatch5m: 26,
  chylyngWatch10m: 27,
  chylyngWatch5s: 28,
  temperaturePatch1m: 29,
  temperaturePatch5m: 30,
  temperaturePatch10m: 31,
  temperaturePatch5s: 32,
  ecgPatch1m: 33,
  ecgPatch5m: 34,
  ecgPatch10m: 35,
  ecgPatch5s: 36,
  pulseOximeter1m: 37,
  pulseOximeter5m: 38,
  pulseOximeter10m: 39,
  pulseOximeter5s: 40,
  bloodPressureMonitor: 41,
  glucometer: 42,
  foraD40g: 43,
  multiMeter: 44,
  scale: 45,
  thermometer: 46,
  stethoscope: 47,
  diaperSensor: 48,
  urineOutputSensor: 49,
  smartCup: 50,
  activityTracker: 51,
  spaceSensor: 52,
  mobileApp: 53,
  healthStation: 54,
  hospitalSystem: 55,
} as const;
export type DataSource = (typeof DataSource)[keyof typeof DataSource];
export const dataSourceLabelKey = labelKeys('dataSource', DataSource);

/** Continuous devices and their first data-source code; codes follow in `intervalOrder`. */
const continuousFirstCode: Partial<Record<DeviceType, DataSource>> = {
  0: DataSource.sleepSensor1m,
  4: DataSource.watchB07_1m,
  5: DataSource.watchB10_1m,
  6: DataSource.watchB20_1m,
  7: DataSource.watchG15_1m,
  8: DataSource.watchH20_1m,
  9: DataSource.chylyngWatch1m,
  11: DataSource.temperaturePatch1m,
  15: DataSource.ecgPatch1m,
  17: DataSource.pulseOximeter1m,
};
const intervalOrder: readonly SamplingInterval[] = [1, 2, 3, 4];

/** Spot-measuring devices: one data source each, whatever the interval. */
const spotCode: Partial<Record<DeviceType, DataSource>> = {
  2: DataSource.spaceSensor,
  10: DataSource.diaperSensor,
  12: DataSource.bloodPressureMonitor,
  13: DataSource.glucometer,
  14: DataSource.stethoscope,
  16: DataSource.scale,
  18: DataSource.thermometer,
  19: DataSource.foraD40g,
  20: DataSource.multiMeter,
  21: DataSource.urineOutputSensor,
  22: DataSource.smartCup,
  23: DataSource.activityTracker,
};

/** Where a data source comes from: its device type (null for manual, app, station, hospital) and interval. */
export interface DataSourceOrigin {
  deviceType: DeviceType | null;
  interval: SamplingInterval | null;
}

export const dataSourceOrigin = Object.fromEntries(
  (Object.values(DataSource) as DataSource[]).map((code) => {
    for (const [type, first] of Object.entries(continuousFirstCode)) {
      const offset = code - (first as number);
      if (offset >= 0 && offset < intervalOrder.length) {
        return [code, { deviceType: Number(type) as DeviceType, interval: intervalOrder[offset] }];
      }
    }
    const spot = Object.entries(spotCode).find(([, c]) => c === code);
    return [code, { deviceType: spot ? (Number(spot[0]) as DeviceType) : null, interval: null }];
  }),
) as Record<DataSource, DataSourceOrigin>;

/**
 * Seconds between a source's readings by design (0 for spot measurements): the chart gap rule lets
 * a reading be this far from the previous one, so a five-minute device never draws as loose dots.
 */
export function samplingGapSeconds(source: number): number {
  const interval = dataSourceOrigin[source as DataSource]?.interval;
  return interval ? samplingIntervalSeconds[interval] : 0;
}

/**
 * SPEC §7: the data-source codes a reading page asks for (`types`) for a device type and sampling
 * interval. A continuous device gives the code of that interval (every interval when none is
 * given); a spot device gives its single code; a device that records no readings gives none.
 */
export function dataSourcesFor(deviceType: DeviceType, interval?: SamplingInterval): DataSource[] {
  const first = continuousFirstCode[deviceType];
  if (first !== undefined) {
    if (interval === undefined) return intervalOrder.map((_, i) => (first + i) as DataSource);
    return [(first + intervalOrder.indexOf(interval)) as DataSource];
  }
  const spot = spotCode[deviceType];
  return spot === undefined ? [] : [spot];
}
