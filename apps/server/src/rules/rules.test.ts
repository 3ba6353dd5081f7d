import { describe, expect, it } from 'vitest';
import { AbnormalType, defaultStandards, DeviceType, type StandardKind } from '@vigil/contracts';
import {
  evaluateReading,
  heartVesselRule,
  medicationDelayRule,
  offlineRule,
  painRule,
  tooFewMeasurementsRule,
} from './index.ts';
import { defaultDeviceSettings } from './settings.ts';
import type { RuleContext } from './types.ts';
import type { ReadingKind } from '../ingest/kinds.ts';

/** 2024-01-01 12:00 Taipei (04:00 UTC): outside the default night window. */
const noon = Date.UTC(2024, 0, 1, 4) / 1000;
/** 2024-01-01 23:30 Taipei: 90 minutes into the 22:00–06:00 night. */
const lateEvening = Date.UTC(2024, 0, 1, 15, 30) / 1000;

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
  [
    'guarded room entered',
    'space',
    { presence: true },
    [AbnormalType.intrusion],
    { settings: { ...defaultDeviceSettings, mode: 'sentinel', guarded: true } },
  ],
  [
    'unguarded room entered',
    'space',
    { presence: true },
    [],
    { settings: { ...defaultDeviceSettings, mode: 'sentinel' } },
  ],
  ['PM2.5 15.4', 'air', { pm25: 15.4 }, []],
  ['PM2.5 15.5', 'air', { pm25: 15.5 }, [AbnormalType.airPm25Moderate]],
  ['PM2.5 300 hazardous only', 'air', { pm25: 300 }, [AbnormalType.airPm25Hazardous]],
  ['CO2 999', 'air', { co2: 999 }, []],
  ['CO2 1000', 'air', { co2: 1000 }, [AbnormalType.airCo2Moderate]],
  ['diaper dry', 'diaper', { level: 0 }, []],
  ['diaper soaked', 'diaper', { level: 2 }, [AbnormalType.diaperSoaked]],
  ['weight has no rule', 'weight', { value: 300 }, []],
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
