import { describe, expect, it } from 'vitest';
import { AbnormalType, defaultStandards, DeviceType, type StandardKind, toUnix } from '@vigil/contracts';
import {
  evaluateReading,
  heartVesselRule,
  medicationDelayRule,
  offlineRule,
  painRule,
  tooFewMeasurementsRule,
} from './index.ts';
import { writeStoredSetting, sleepSettingStoredKey, spaceSettingStoredKey, sleepSettingDefaults, spaceSettingDefaults } from '@vigil/contracts';
import { intrusionGuarded } from './device-events.ts';
import { defaultDeviceSettings, parseDeviceSettings, ruleSetting, type DeviceSettings } from './settings.ts';
import type { RuleContext } from './types.ts';
import type { ReadingKind } from '@vigil/contracts/readings';

/** 2024-01-01 12:00 Taipei (04:00 UTC): outside the default night window. */
const noon = toUnix(new Date(Date.UTC(2024, 0, 1, 4)));
/** 2024-01-01 23:30 Taipei: 90 minutes into the 22:00–06:00 night. */
const lateEvening = toUnix(new Date(Date.UTC(2024, 0, 1, 15, 30)));

const ctx = (over: Partial<RuleContext> = {}): RuleContext => ({
  standards: defaultStandards as Record<StandardKind, (typeof defaultStandards)[StandardKind]>,
  deviceType: DeviceType.watchB10,
  settings: defaultDeviceSettings,
  occurTime: noon,
  ...over,
});

const raised = (kind: ReadingKind, values: unknown, c: RuleContext = ctx()) =>
  evaluateReading(kind, values as never, c).raise.map((r) => r.type);

type Case = [
  name: string,
  kind: ReadingKind,
  values: unknown,
  expected: AbnormalType[],
  context?: Partial<RuleContext>,
];

// SPEC §9 defaults: each limit is normal, one step beyond raises.
const cases: Case[] = [
  ['instant HR at min 45', 'heartRate', { value: 45 }, []],
  ['instant HR below min', 'heartRate', { value: 44 }, [AbnormalType.instantHeartRateLow]],
  ['instant HR at max 150', 'heartRate', { value: 150 }, []],
  ['instant HR above max', 'heartRate', { value: 151 }, [AbnormalType.instantHeartRateHigh]],
  ['resting HR at 50', 'heartRate', { value: 50, resting: true }, []],
  ['resting HR 49', 'heartRate', { value: 49, resting: true }, [AbnormalType.staticHeartRateLow]],
  ['resting HR 81', 'heartRate', { value: 81, resting: true }, [AbnormalType.staticHeartRateHigh]],
  [
    '4G watch HR high',
    'heartRate',
    { value: 151 },
    [AbnormalType.iotHeartRateHigh],
    { deviceType: DeviceType.chylyngWatch },
  ],
  ['bed sensor HR 80', 'heartRate', { value: 80 }, [], { deviceType: DeviceType.sleepSensor }],
  [
    'bed sensor HR 81',
    'heartRate',
    { value: 81 },
    [AbnormalType.heartRateHigh],
    { deviceType: DeviceType.sleepSensor },
  ],
  ['temperature 35', 'bodyTemperature', { value: 35 }, []],
  ['temperature 34.9', 'bodyTemperature', { value: 34.9 }, [AbnormalType.bodyTemperatureLow]],
  ['temperature 37.5', 'bodyTemperature', { value: 37.5 }, []],
  ['temperature 37.6', 'bodyTemperature', { value: 37.6 }, [AbnormalType.bodyTemperatureHigh]],
  ['temperature 40', 'bodyTemperature', { value: 40 }, [AbnormalType.bodyTemperatureHigh]],
  ['temperature 40.1', 'bodyTemperature', { value: 40.1 }, [AbnormalType.bodyTemperatureOverMax]],
  ['BP 139/89', 'bloodPressure', { sys: 139, dia: 89 }, []],
  [
    'BP 140/90',
    'bloodPressure',
    { sys: 140, dia: 90 },
    [AbnormalType.systolicHigh, AbnormalType.diastolicHigh],
  ],
  ['BP 99/70', 'bloodPressure', { sys: 99, dia: 70 }, []],
  ['BP 98/69', 'bloodPressure', { sys: 98, dia: 69 }, [AbnormalType.systolicLow, AbnormalType.diastolicLow]],
  ['BP with afib', 'bloodPressure', { sys: 120, dia: 80, afib: 1 }, [AbnormalType.ecgAtrialFibrillation]],
  ['BP suspected afib', 'bloodPressure', { sys: 120, dia: 80, afib: 2 }, []],
  ['SpO2 90', 'bloodOxygen', { value: 90 }, []],
  ['SpO2 89', 'bloodOxygen', { value: 89 }, [AbnormalType.bloodOxygenLow]],
  ['SpO2 100 is not an alert', 'bloodOxygen', { value: 100 }, []],
  ['sugar before breakfast 100', 'bloodSugar', { value: 100, segment: 1 }, []],
  [
    'sugar before breakfast 101',
    'bloodSugar',
    { value: 101, segment: 1 },
    [AbnormalType.sugarBeforeMealHigh],
  ],
  ['sugar 1h after lunch 141', 'bloodSugar', { value: 141, segment: 5 }, [AbnormalType.sugarAfterMeal1hHigh]],
  ['sugar 2h after dinner 79', 'bloodSugar', { value: 79, segment: 9 }, [AbnormalType.sugarAfterMeal2hLow]],
  ['sugar before sleep 69', 'bloodSugar', { value: 69, segment: 10 }, [AbnormalType.sugarBeforeSleepLow]],
  ['fasting sugar 101', 'bloodSugar', { value: 101, segment: 11 }, [AbnormalType.fastingSugarHigh]],
  ['custom segment never alerts', 'bloodSugar', { value: 400, segment: 0 }, []],
  ['uric acid 8.3', 'uricAcid', { value: 8.3 }, []],
  ['uric acid 8.4', 'uricAcid', { value: 8.4 }, [AbnormalType.uricAcidHigh]],
  ['uric acid 2.9', 'uricAcid', { value: 2.9 }, [AbnormalType.uricAcidLow]],
  ['cholesterol 200', 'cholesterol', { value: 200 }, []],
  ['cholesterol 201', 'cholesterol', { value: 201 }, [AbnormalType.cholesterolHigh]],
  ['cholesterol 129', 'cholesterol', { value: 129 }, [AbnormalType.cholesterolLow]],
  ['ECG normal', 'ecg', { status: 2 }, []],
  ['ECG abnormal', 'ecg', { status: 1 }, [AbnormalType.ecgAbnormal]],
  [
    'ECG findings',
    'ecg',
    { status: 1, findings: ['afib', 'premature'] },
    [AbnormalType.ecgAtrialFibrillation, AbnormalType.ecgPrematureBeat],
  ],
  ['ECG unreadable', 'ecg', { status: 3 }, [AbnormalType.ecgUnreadable]],
  ['SOS', 'sos', {}, [AbnormalType.sos]],
  [
    '4G watch SOS',
    'sos',
    { lat: 25, lng: 121 },
    [AbnormalType.iotSos],
    { deviceType: DeviceType.chylyngWatch },
  ],
  ['watch fall', 'fall', {}, [AbnormalType.wearableFall]],
  [
    'space sensor fall',
    'space',
    { presence: true, fall: true },
    [AbnormalType.fall],
    { deviceType: DeviceType.spaceFall },
  ],
  ['battery 21', 'battery', { level: 21 }, []],
  ['battery 20', 'battery', { level: 20 }, [AbnormalType.watchLowBattery]],
  [
    'patch battery 5',
    'battery',
    { level: 5 },
    [AbnormalType.patchLowBattery],
    { deviceType: DeviceType.temperaturePatch },
  ],
  ['watch worn', 'wearing', { worn: true }, []],
  ['watch not worn', 'wearing', { worn: false }, [AbnormalType.watchNotWorn]],
  [
    '4G watch not worn',
    'wearing',
    { worn: false },
    [AbnormalType.iotNotWorn],
    { deviceType: DeviceType.chylyngWatch },
  ],
  ['got up 29 min ago', 'bed', { status: 0, minutes: 29 }, [], { occurTime: lateEvening }],
  [
    'got up 30 min ago',
    'bed',
    { status: 0, minutes: 30 },
    [AbnormalType.outOfBedTooLong],
    { occurTime: lateEvening },
  ],
  [
    'never went to bed (90 min into night)',
    'bed',
    { status: 0, minutes: 300 },
    [AbnormalType.notInBed],
    { occurTime: lateEvening },
  ],
  ['out of bed at noon', 'bed', { status: 0, minutes: 300 }, [], { occurTime: noon }],
  ['in bed, no breathing', 'bed', { status: 1, minutes: 60, breath_rate: 0 }, [AbnormalType.noBreathing]],
  ['in bed, breath 10', 'bed', { status: 1, minutes: 60, breath_rate: 10 }, []],
  ['in bed, breath 9', 'bed', { status: 1, minutes: 60, breath_rate: 9 }, [AbnormalType.breathingSlow]],
  ['in bed, breath 25', 'bed', { status: 1, minutes: 60, breath_rate: 25 }, [AbnormalType.breathingFast]],
  ['in bed, no heartbeat', 'bed', { status: 1, minutes: 60, heart_rate: 0 }, [AbnormalType.noHeartbeatInBed]],
  ['in bed, heart 49', 'bed', { status: 1, minutes: 60, heart_rate: 49 }, [AbnormalType.heartRateLow]],
  ['stayed 29 min', 'space', { presence: true, minutes: 29 }, []],
  ['stayed 30 min', 'space', { presence: true, minutes: 30 }, [AbnormalType.stayedTooLong]],
  ['PM2.5 15.4', 'air', { pm25: 15.4 }, []],
  ['PM2.5 15.5', 'air', { pm25: 15.5 }, [AbnormalType.airPm25Moderate]],
  ['PM2.5 300 hazardous only', 'air', { pm25: 300 }, [AbnormalType.airPm25Hazardous]],
  ['CO2 999', 'air', { co2: 999 }, []],
  ['CO2 1000', 'air', { co2: 1000 }, [AbnormalType.airCo2Moderate]],
  ['diaper dry', 'diaper', { level: 0 }, []],
  ['diaper soaked', 'diaper', { level: 2 }, [AbnormalType.diaperSoaked]],
  ['weight has no rule', 'weight', { value: 300 }, []],
  ['room at 29.9 °C', 'air', { temperature: 29.9 }, []],
  ['room at 30 °C: temperature high', 'air', { temperature: 30 }, [AbnormalType.temperatureHigh]],
  ['space sensor, someone calls for help', 'space', { presence: true, alert: true }, [AbnormalType.alertPerson], { deviceType: DeviceType.spaceFall }],
  ['position inside the safe zone', 'location', { lat: 25.0, lng: 121.5 }, [], { safeZone: { lat: 25.0, lng: 121.5, radius: 400 } }],
  // 0.0036° of latitude is about 400.8 m: just outside a 400 m zone; 0.0035° (389.6 m) is inside.
  ['position 390 m out, zone 400 m', 'location', { lat: 25.0035, lng: 121.5 }, [], { safeZone: { lat: 25.0, lng: 121.5, radius: 400 } }],
  ['position 401 m out, zone 400 m', 'location', { lat: 25.0036, lng: 121.5 }, [AbnormalType.iotLeftSafeZone], { safeZone: { lat: 25.0, lng: 121.5, radius: 400 } }],
  ['position without a safe zone', 'location', { lat: 40, lng: 100 }, []],
  ['still 119 minutes by day', 'location', { lat: 25, lng: 121.5, still_minutes: 119 }, []],
  ['still 120 minutes by day: inactive', 'location', { lat: 25, lng: 121.5, still_minutes: 120 }, [AbnormalType.iotInactive]],
  ['still 300 minutes at night: asleep, not judged', 'location', { lat: 25, lng: 121.5, still_minutes: 300 }, [], { occurTime: lateEvening }],
];

describe('reading rules at SPEC boundaries', () => {
  it.each(cases)('%s', (_name, kind, values, expected, context) => {
    expect(raised(kind, values, ctx(context))).toEqual(expected);
  });

  it('uses the member standard, not the default', () => {
    const standards = { ...defaultStandards, 0: { min: 60, max: 100 } } as RuleContext['standards'];
    expect(raised('heartRate', { value: 101 }, ctx({ standards }))).toEqual([
      AbnormalType.instantHeartRateHigh,
    ]);
    expect(raised('heartRate', { value: 100 }, ctx({ standards }))).toEqual([]);
  });

  it('carries value and crossed standard in the detail', () => {
    const v = evaluateReading('bodyTemperature', { value: 38.2 }, ctx());
    expect(v.raise[0].detail).toEqual({ value: 38.2, standard: 37.5 });
  });

  it('a normal reading recovers its family', () => {
    const v = evaluateReading('heartRate', { value: 80 }, ctx());
    expect(v.recover.sort()).toEqual(
      [AbnormalType.instantHeartRateLow, AbnormalType.instantHeartRateHigh].sort(),
    );
  });
});

describe('day and care rules', () => {
  it('too few measurements: below expected raises, equal does not', () => {
    expect(tooFewMeasurementsRule({ count: 1, expected: 2 })?.type).toBe(AbnormalType.tooFewMeasurements);
    expect(tooFewMeasurementsRule({ count: 2, expected: 2 })).toBeNull();
  });
  it('pain above 3', () => {
    expect(painRule({ score: 3 })).toBeNull();
    expect(painRule({ score: 4 })?.type).toBe(AbnormalType.painAboveThreshold);
  });
  it('medication more than two hours late', () => {
    const scheduledAt = 1_700_000_000;
    expect(medicationDelayRule({ scheduledAt, takenAt: null, now: scheduledAt + 7200 })).toBeNull();
    expect(medicationDelayRule({ scheduledAt, takenAt: null, now: scheduledAt + 7201 })?.type).toBe(
      AbnormalType.medicationDelay,
    );
    expect(
      medicationDelayRule({ scheduledAt, takenAt: scheduledAt + 3600, now: scheduledAt + 90_000 }),
    ).toBeNull();
  });
  it.each([
    ['1:59', 119, false, false],
    ['2:00', 120, false, false],
    ['2:01', 121, false, true],
    ['time-critical 0:29', 29, true, false],
    ['time-critical 0:30', 30, true, false],
    ['time-critical 0:31', 31, true, true],
  ] as const)('a dose still not given at %s is late: %s', (_at, minutes, timeCritical, late) => {
    const scheduledAt = 1_700_000_000;
    const result = medicationDelayRule({ scheduledAt, takenAt: null, now: scheduledAt + minutes * 60, timeCritical });
    expect(result !== null).toBe(late);
    if (result) expect(result.detail).toEqual({ minute: minutes, standard: timeCritical ? 30 : 120 });
  });
  it('heart / vessel index alerting three times a day', () => {
    expect(heartVesselRule({ riskCount: 2, vessel: false })).toBeNull();
    expect(heartVesselRule({ riskCount: 3, vessel: false })?.type).toBe(AbnormalType.heartIndexAlert);
    expect(heartVesselRule({ riskCount: 3, vessel: true })?.type).toBe(AbnormalType.vesselIndexAlert);
  });
  it('offline after the limit, not at it', () => {
    expect(offlineRule({ lastSeenAt: 0, now: 1800, limitMinutes: 30, iot: false })).toBeNull();
    expect(offlineRule({ lastSeenAt: 0, now: 1801, limitMinutes: 30, iot: false })?.type).toBe(
      AbnormalType.deviceOffline,
    );
    expect(offlineRule({ lastSeenAt: 0, now: 1801, limitMinutes: 30, iot: true })?.type).toBe(
      AbnormalType.iotOffline,
    );
  });
});

/** Local Taipei time (UTC+8) of a day in January 2024 as unix seconds; 2024-01-01 was a Monday. */
const taipei = (day: number, hour: number, minute = 0) => toUnix(new Date(Date.UTC(2024, 0, day, hour - 8, minute)));
const stored = (over: Record<string, unknown>): DeviceSettings => parseDeviceSettings(over);

describe('settings stored by the sensor pages', () => {
  it('reads the sleep and space pages\' keys with their bounds and defaults', () => {
    const sleep = writeStoredSetting(sleepSettingStoredKey, { ...sleepSettingDefaults, out_of_bed_minutes: 45, night_start_hour: 21, night_end_hour: 7, not_in_bed_minutes: 90, no_breath_seconds: 40, sensitivity: 5 }, { utcOffsetMinutes: 0 });
    const space = writeStoredSetting(spaceSettingStoredKey, { ...spaceSettingDefaults, mode: 'sentinel', stay_minutes: 15, intrusion_days: [1, 3], intrusion_start_hour: 20, intrusion_end_hour: 8 }, {});
    expect(parseDeviceSettings(sleep)).toMatchObject({ utcOffsetMinutes: 0, outOfBedMinutes: 45, nightStartHour: 21, nightEndHour: 7, notInBedMinutes: 90, noBreathSeconds: 40, sensitivity: 5 });
    expect(parseDeviceSettings(space)).toMatchObject({ mode: 'sentinel', stayMinutes: 15, intrusionDays: [1, 3], intrusionStartHour: 20, intrusionEndHour: 8 });
  });

  it('falls back per field on a bad or missing value, never dropping the others', () => {
    const s = stored({ outOfBedMinutes: 0, noBreathSeconds: 'x', sensitivity: 9, mode: 'party', intrusionDays: [1, 1], stayMinutes: 12 });
    expect(s).toMatchObject({ outOfBedMinutes: 30, noBreathSeconds: 20, sensitivity: 3, mode: 'fall', intrusionDays: [], stayMinutes: 12 });
    expect(parseDeviceSettings(null)).toEqual(defaultDeviceSettings);
    expect(parseDeviceSettings([1, 2])).toEqual(defaultDeviceSettings);
  });

  it('reads one rule setting alone exactly as the whole settings would', () => {
    const cases: unknown[] = [null, [1], {}, { offlineMinutes: 5, lowBatteryPercent: 35 }, { offlineMinutes: 0, lowBatteryPercent: 'x' }, { offlineMinutes: 2.5 }];
    for (const settings of cases) {
      const whole = parseDeviceSettings(settings);
      expect(ruleSetting(settings, 'offlineMinutes')).toBe(whole.offlineMinutes);
      expect(ruleSetting(settings, 'lowBatteryPercent')).toBe(whole.lowBatteryPercent);
    }
    expect(ruleSetting({ offlineMinutes: 5 }, 'offlineMinutes')).toBe(5);
  });

  it('ignores a stored on/off guarded flag: the schedule decides', () => {
    const s = stored({ mode: 'sentinel', guarded: true });
    expect(intrusionGuarded(ctx({ settings: s, occurTime: taipei(1, 23) }))).toBe(false);
  });
});

type GuardCase = [name: string, settings: Record<string, unknown>, occurTime: number, guarded: boolean];

const sentinelMonNight = { mode: 'sentinel', intrusionDays: [1], intrusionStartHour: 22, intrusionEndHour: 6 };
const sentinelDay = { mode: 'sentinel', intrusionDays: [1, 2, 3, 4, 5], intrusionStartHour: 9, intrusionEndHour: 17 };

// Start hour is inside the window, end hour is not; a wrapping window belongs to the day it opens.
const guardCases: GuardCase[] = [
  ['Mon 21:59, window opens 22:00', sentinelMonNight, taipei(1, 21, 59), false],
  ['Mon 22:00, window open', sentinelMonNight, taipei(1, 22), true],
  ['Tue 00:00, Monday night continues', sentinelMonNight, taipei(2, 0), true],
  ['Tue 05:59, last guarded minute', sentinelMonNight, taipei(2, 5, 59), true],
  ['Tue 06:00, window closed', sentinelMonNight, taipei(2, 6), false],
  ['Tue 22:00, Tuesday not listed', sentinelMonNight, taipei(2, 22), false],
  ['Mon 02:00, Sunday night not listed', sentinelMonNight, taipei(1, 2), false],
  ['Sun 23:59, Sunday not listed', sentinelMonNight, taipei(7, 23, 59), false],
  ['weekday 08:59', sentinelDay, taipei(3, 8, 59), false],
  ['weekday 09:00', sentinelDay, taipei(3, 9), true],
  ['weekday 16:59', sentinelDay, taipei(3, 16, 59), true],
  ['weekday 17:00', sentinelDay, taipei(3, 17), false],
  ['Saturday 12:00', sentinelDay, taipei(6, 12), false],
  ['equal hours guard the whole listed day (00:00)', { mode: 'sentinel', intrusionDays: [2], intrusionStartHour: 0, intrusionEndHour: 0 }, taipei(2, 0), true],
  ['equal hours guard the whole listed day (23:59)', { mode: 'sentinel', intrusionDays: [2], intrusionStartHour: 0, intrusionEndHour: 0 }, taipei(2, 23, 59), true],
  ['equal hours, next day', { mode: 'sentinel', intrusionDays: [2], intrusionStartHour: 0, intrusionEndHour: 0 }, taipei(3, 0), false],
  ['no days listed', { ...sentinelMonNight, intrusionDays: [] }, taipei(1, 23), false],
  ['fall mode never guards', { ...sentinelMonNight, mode: 'fall' }, taipei(1, 23), false],
  // 22:00 UTC Monday is 06:00 Tuesday in Taipei: the device's offset decides.
  ['UTC device, Mon 22:00 UTC', { ...sentinelMonNight, utcOffsetMinutes: 0 }, toUnix(new Date(Date.UTC(2024, 0, 1, 22))), true],
  ['Taipei device, same instant (Tue 06:00)', sentinelMonNight, toUnix(new Date(Date.UTC(2024, 0, 1, 22))), false],
];

describe('sentinel schedule at the reading\'s time', () => {
  it.each(guardCases)('%s', (_name, settings, occurTime, guarded) => {
    const c = ctx({ deviceType: DeviceType.spaceSentinel, settings: stored(settings), occurTime });
    expect(intrusionGuarded(c)).toBe(guarded);
    expect(raised('space', { presence: true }, c)).toEqual(guarded ? [AbnormalType.intrusion] : []);
    // An empty room raises nothing, guarded or not, and closes an open intrusion.
    expect(raised('space', { presence: false }, c)).toEqual([]);
    expect(evaluateReading('space', { presence: false }, c).recover).toContain(AbnormalType.intrusion);
  });
});

type SettingCase = [name: string, kind: ReadingKind, values: unknown, settings: Record<string, unknown>, expected: AbnormalType[], occurTime?: number];

/** 23:30 Taipei on Monday: 90 minutes into the default night, 150 into a 21:00 one. */
const night = taipei(1, 23, 30);

const settingCases: SettingCase[] = [
  ['outOfBedMinutes 45: up 44 min', 'bed', { status: 0, minutes: 44 }, { outOfBedMinutes: 45 }, [], night],
  ['outOfBedMinutes 45: up 45 min', 'bed', { status: 0, minutes: 45 }, { outOfBedMinutes: 45 }, [AbnormalType.outOfBedTooLong], night],
  ['notInBedMinutes 90: 90 min into night', 'bed', { status: 0, minutes: 600 }, { notInBedMinutes: 90 }, [AbnormalType.notInBed], night],
  ['notInBedMinutes 91: 90 min into night', 'bed', { status: 0, minutes: 600 }, { notInBedMinutes: 91 }, [], night],
  ['night from 21:00: 150 min in, limit 150', 'bed', { status: 0, minutes: 600 }, { nightStartHour: 21, notInBedMinutes: 150 }, [AbnormalType.notInBed], night],
  ['night ends 23:00: 23:30 is day', 'bed', { status: 0, minutes: 600 }, { nightStartHour: 21, nightEndHour: 23 }, [], night],
  ['noBreathSeconds 20 (default): 19 s', 'bed', { status: 1, minutes: 60, apnea_seconds: 19, breath_rate: 12 }, {}, []],
  ['noBreathSeconds 20 (default): 20 s', 'bed', { status: 1, minutes: 60, apnea_seconds: 20 }, {}, [AbnormalType.noBreathing]],
  ['noBreathSeconds 40: 39 s with rate 0', 'bed', { status: 1, minutes: 60, apnea_seconds: 39, breath_rate: 0 }, { noBreathSeconds: 40 }, []],
  ['noBreathSeconds 40: 40 s', 'bed', { status: 1, minutes: 60, apnea_seconds: 40, breath_rate: 0 }, { noBreathSeconds: 40 }, [AbnormalType.noBreathing]],
  ['rate 0 without apnea seconds still alerts', 'bed', { status: 1, minutes: 60, breath_rate: 0 }, { noBreathSeconds: 300 }, [AbnormalType.noBreathing]],
  ['out of bed: apnea seconds ignored', 'bed', { status: 0, minutes: 5, apnea_seconds: 300 }, {}, []],
  ['sensitivity changes no threshold', 'bed', { status: 1, minutes: 60, breath_rate: 10 }, { sensitivity: 5 }, []],
  ['stayMinutes 15: 14 min', 'space', { presence: true, minutes: 14 }, { stayMinutes: 15 }, []],
  ['stayMinutes 15: 15 min', 'space', { presence: true, minutes: 15 }, { stayMinutes: 15 }, [AbnormalType.stayedTooLong]],
];

describe('sensor page settings at their boundaries', () => {
  it.each(settingCases)('%s', (_name, kind, values, settings, expected, occurTime) => {
    const c = ctx({ deviceType: kind === 'bed' ? DeviceType.sleepSensor : DeviceType.spaceFall, settings: stored(settings), occurTime: occurTime ?? noon });
    expect(raised(kind, values, c)).toEqual(expected);
  });
});

describe('location watch rules', () => {
  const zone = { lat: 25.0, lng: 121.5, radius: 400 };
  it('back inside the zone recovers "left safe zone", and a detail carries the position, distance and radius', () => {
    const out = evaluateReading('location', { lat: 25.01, lng: 121.5 }, ctx({ safeZone: zone }));
    expect(out.raise[0].detail).toMatchObject({ lat: '25.01', lng: '121.5', standard: 400 });
    expect(Number(out.raise[0].detail?.value)).toBeGreaterThan(1100);
    const back = evaluateReading('location', { lat: 25.0, lng: 121.5 }, ctx({ safeZone: zone }));
    expect(back.recover).toContain(AbnormalType.iotLeftSafeZone);
  });

  it('at night neither raises nor recovers "inactive"', () => {
    const night = evaluateReading('location', { lat: 25, lng: 121.5, still_minutes: 2 }, ctx({ occurTime: lateEvening }));
    expect(night.recover).not.toContain(AbnormalType.iotInactive);
    const day = evaluateReading('location', { lat: 25, lng: 121.5, still_minutes: 2 }, ctx());
    expect(day.recover).toContain(AbnormalType.iotInactive);
  });
});
