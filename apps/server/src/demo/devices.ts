import { DeviceType } from '@vigil/contracts';
import type { DemoOrgKey } from './data.ts';

type MemberOrgKey = 'care' | 'hospital' | 'clinic' | 'hotel' | 'guard';

/** Serial prefix per device type: serials read like SLP-0001, numbered per type. */
export const serialPrefix: Record<DeviceType, string> = {
  [DeviceType.sleepSensor]: 'SLP',
  [DeviceType.spaceSentinel]: 'SPS',
  [DeviceType.spaceFall]: 'SPF',
  [DeviceType.airBox]: 'AIR',
  [DeviceType.watchB07]: 'B07',
  [DeviceType.watchB10]: 'B10',
  [DeviceType.watchB20]: 'B20',
  [DeviceType.watchG15]: 'G15',
  [DeviceType.watchH20]: 'H20',
  [DeviceType.chylyngWatch]: '4GW',
  [DeviceType.diaperSensor]: 'DPR',
  [DeviceType.temperaturePatch]: 'TMP',
  [DeviceType.bloodPressureMonitor]: 'BPM',
  [DeviceType.glucometer]: 'GLU',
  [DeviceType.stethoscope]: 'STH',
  [DeviceType.ecgPatch]: 'ECG',
  [DeviceType.scale]: 'SCL',
  [DeviceType.pulseOximeter]: 'OXI',
  [DeviceType.thermometer]: 'THM',
  [DeviceType.foraD40g]: 'FD4',
  [DeviceType.multiMeter]: 'MMT',
  [DeviceType.urineOutputSensor]: 'URN',
  [DeviceType.smartCup]: 'CUP',
  [DeviceType.activityTracker]: 'ACT',
  [DeviceType.sosButton]: 'SOS',
  [DeviceType.doorSensor]: 'DOR',
  [DeviceType.bedExitPad]: 'BEX',
  [DeviceType.smokeDetector]: 'SMK',
  [DeviceType.gateway]: 'GTW',
  [DeviceType.camera]: 'CAM',
};

/** Model names stored on watches, so the wearable page (wearable-device-<model>) can be reached. */
export const deviceModel: Partial<Record<DeviceType, string>> = {
  [DeviceType.watchB07]: 'B07',
  [DeviceType.watchB10]: 'B10',
  [DeviceType.watchB20]: 'B20',
  [DeviceType.watchG15]: 'G15',
  [DeviceType.watchH20]: 'H20',
  [DeviceType.foraD40g]: 'FORA D40g',
};

/** A member by organisation and position in `demoMemberNames[org]`. */
export type MemberRef = readonly [MemberOrgKey, number];

/**
 * Wearables and personal meters, each bound to a member. The heavy hitters of the live demo
 * (sleep sensors and watches) sit in the care organisation; each organisation gets something to
 * show on its reading pages.
 */
export const memberDevicePlan: Partial<Record<DeviceType, readonly MemberRef[]>> = {
  [DeviceType.sleepSensor]: [
    ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => ['care', i] as const),
    ['hospital', 0],
    ['hospital', 1],
    ['guard', 0],
    ['guard', 1],
    // One per hotel room's guest: the hotel's sleep perception history.
    ['hotel', 0],
    ['hotel', 1],
    ['hotel', 2],
    ['hotel', 3],
    // The clinic's day beds, so its staff's sleep perception history has a sensor to read.
    ['clinic', 0],
  ],
  [DeviceType.watchB07]: [
    ['care', 10],
    ['care', 11],
  ],
  [DeviceType.watchB10]: [
    ['care', 12],
    ['care', 13],
    ['care', 14],
  ],
  [DeviceType.watchB20]: [
    ['care', 15],
    ['care', 16],
    ['care', 17],
  ],
  [DeviceType.watchG15]: [
    ['hospital', 2],
    ['hospital', 3],
    ['clinic', 0],
  ],
  [DeviceType.watchH20]: [
    ['hotel', 0],
    ['hotel', 1],
    ['hotel', 2],
    ['care', 18],
  ],
  [DeviceType.chylyngWatch]: [
    ['guard', 0],
    ['guard', 1],
    ['guard', 2],
    ['guard', 3],
    ['care', 19],
    // A resident of the first area, a ward patient and a clinic's home-care patient who may wander:
    // every organisation and area with members has a located watch to show.
    ['care', 4],
    ['hospital', 3],
    ['clinic', 0],
  ],
  [DeviceType.diaperSensor]: [
    ['care', 20],
    ['care', 21],
    ['care', 22],
    ['care', 23],
  ],
  [DeviceType.temperaturePatch]: [
    ['care', 0],
    ['care', 1],
    ['care', 2],
    ['hospital', 4],
  ],
  [DeviceType.bloodPressureMonitor]: [
    ['care', 3],
    ['care', 4],
    ['clinic', 1],
    ['clinic', 2],
    ['guard', 2],
  ],
  [DeviceType.glucometer]: [
    ['care', 5],
    ['clinic', 1],
  ],
  [DeviceType.stethoscope]: [['hospital', 0]],
  [DeviceType.ecgPatch]: [
    ['hospital', 1],
    ['care', 6],
  ],
  [DeviceType.scale]: [['care', 7]],
  [DeviceType.pulseOximeter]: [
    ['hospital', 2],
    ['care', 8],
  ],
  [DeviceType.thermometer]: [['hotel', 3]],
  [DeviceType.foraD40g]: [
    ['guard', 3],
    ['care', 9],
  ],
  [DeviceType.multiMeter]: [
    ['clinic', 2],
    // The care home's lipid and uric-acid checks: its cholesterol and uric-acid pages have history.
    ['care', 7],
  ],
  [DeviceType.urineOutputSensor]: [['care', 20]],
  [DeviceType.smartCup]: [['care', 21]],
  [DeviceType.activityTracker]: [['hotel', 1]],
  [DeviceType.sosButton]: [
    ['guard', 0],
    ['guard', 1],
    ['care', 11],
  ],
};

/** Room devices: one per area of each listed organisation, bound to that area. */
export const areaDevicePlan: Partial<Record<DeviceType, readonly DemoOrgKey[]>> = {
  [DeviceType.spaceSentinel]: ['care', 'hotel'],
  [DeviceType.spaceFall]: ['care', 'hospital'],
  [DeviceType.airBox]: ['care', 'hospital', 'clinic', 'hotel'],
  [DeviceType.doorSensor]: ['care'],
  [DeviceType.bedExitPad]: ['care'],
  [DeviceType.smokeDetector]: ['care', 'hotel'],
  [DeviceType.gateway]: ['care', 'hospital'],
  [DeviceType.camera]: ['care'],
};

/** Registered but unbound stock, so the binding pages have something to bind. */
export const spareDevices: readonly (readonly [DeviceType, DemoOrgKey])[] = [
  [DeviceType.sleepSensor, 'care'],
  [DeviceType.watchB10, 'care'],
  [DeviceType.chylyngWatch, 'guard'],
];

/**
 * Demo devices have a known key (`demo-` + serial, e.g. demo-SLP-0001) so readings can be posted
 * by hand or by the simulator without first registering a device. Only the demo world does this;
 * a registered device gets a random key shown once.
 */
export function demoDeviceKey(serial: string): string {
  return `demo-${serial}`;
}
