import { Resource } from '../permissions/resources.ts';
import type { PageKey } from '../permissions/pages.ts';
import { labelKeys } from './label-key.ts';

/** Units of the readings; symbols are shown as-is in English and translated where zh-TW differs. */
export const Unit = {
  bpm: 'bpm',
  mmHg: 'mmHg',
  percent: 'percent',
  celsius: 'celsius',
  mgPerDl: 'mgPerDl',
  ms: 'ms',
  kg: 'kg',
  ml: 'ml',
  minutes: 'minutes',
  steps: 'steps',
  kcal: 'kcal',
  index: 'index',
  mv: 'mv',
} as const;
export type Unit = (typeof Unit)[keyof typeof Unit];
export const unitLabelKey = labelKeys('unit', Unit);

/** SPEC §1/§2: the 17 physiological readings, in SPEC §1's order. */
export const PhysiologicalKind = {
  heartRate: 'heartRate',
  bloodPressure: 'bloodPressure',
  bloodOxygen: 'bloodOxygen',
  bodyTemperature: 'bodyTemperature',
  bloodSugar: 'bloodSugar',
  bloodGlucose: 'bloodGlucose',
  ecg: 'ecg',
  sleep: 'sleep',
  activity: 'activity',
  sports: 'sports',
  weight: 'weight',
  hrv: 'hrv',
  cholesterol: 'cholesterol',
  uricAcid: 'uricAcid',
  urineOutput: 'urineOutput',
  drinkingWater: 'drinkingWater',
  heartVessel: 'heartVessel',
} as const;
export type PhysiologicalKind = (typeof PhysiologicalKind)[keyof typeof PhysiologicalKind];
export const physiologicalKindLabelKey = labelKeys('physiologicalKind', PhysiologicalKind);

export interface PhysiologicalKindMeta {
  /** Unit of the record's value (blood pressure: sys and dia; sleep: stage minutes). */
  unit: Unit;
  /** API resource path (SPEC §7). */
  resource: Resource;
  /** Web page path segment (SPEC §2). */
  page: PageKey;
  /**
   * One value per reading, so `{resource}/chart` serves a range with SPEC §9's rules applied and
   * min-max decimated (docs/charts.md); the other kinds' charts read the unpaged list.
   */
  chart: boolean;
}

export const physiologicalKindMeta: Record<PhysiologicalKind, PhysiologicalKindMeta> = {
  heartRate: { unit: Unit.bpm, resource: Resource.heartRate, page: 'heartrate', chart: true },
  bloodPressure: { unit: Unit.mmHg, resource: Resource.bloodPressure, page: 'bloodpressure', chart: false },
  bloodOxygen: { unit: Unit.percent, resource: Resource.bloodOxygen, page: 'bloodoxygen', chart: true },
  bodyTemperature: { unit: Unit.celsius, resource: Resource.bodyTemperature, page: 'bodytemperature', chart: true },
  bloodSugar: { unit: Unit.mgPerDl, resource: Resource.bloodSugar, page: 'bloodsugar', chart: true },
  bloodGlucose: { unit: Unit.mgPerDl, resource: Resource.bloodGlucose, page: 'bloodglucose', chart: true },
  ecg: { unit: Unit.mv, resource: Resource.ecg, page: 'ecg', chart: false },
  sleep: { unit: Unit.minutes, resource: Resource.sleep, page: 'sleep', chart: false },
  activity: { unit: Unit.steps, resource: Resource.activity, page: 'activity', chart: false },
  sports: { unit: Unit.kcal, resource: Resource.sports, page: 'sports', chart: false },
  weight: { unit: Unit.kg, resource: Resource.weight, page: 'weight', chart: true },
  hrv: { unit: Unit.ms, resource: Resource.hrv, page: 'hrv', chart: true },
  cholesterol: { unit: Unit.mgPerDl, resource: Resource.cholesterol, page: 'cholesterol', chart: true },
  uricAcid: { unit: Unit.mgPerDl, resource: Resource.uricAcid, page: 'uric-acid', chart: true },
  urineOutput: { unit: Unit.ml, resource: Resource.urineOutput, page: 'urine-output', chart: true },
  drinkingWater: { unit: Unit.ml, resource: Resource.drinkingWater, page: 'drinking-water', chart: true },
  heartVessel: { unit: Unit.index, resource: Resource.heartVessel, page: 'heartvessel', chart: false },
};

/** SPEC §3: physiological standard kinds (a member's min/max per kind; defaults in rules/standards.ts). */
export const StandardKind = {
  instantHeartRate: 0,
  bodyTemperature: 1,
  diastolic: 2,
  systolic: 3,
  staticHeartRate: 4,
  sugarBeforeMeal: 5,
  sugarAfterMeal1h: 6,
  sugarAfterMeal2h: 7,
  cholesterol: 8,
  uricAcid: 9,
  oxygen: 10,
  fastingSugar: 11,
  sugarBeforeSleep: 12,
} as const;
export type StandardKind = (typeof StandardKind)[keyof typeof StandardKind];
export const standardKindLabelKey = labelKeys('standardKind', StandardKind);

export const standardKindUnit: Record<StandardKind, Unit> = {
  0: Unit.bpm,
  1: Unit.celsius,
  2: Unit.mmHg,
  3: Unit.mmHg,
  4: Unit.bpm,
  5: Unit.mgPerDl,
  6: Unit.mgPerDl,
  7: Unit.mgPerDl,
  8: Unit.mgPerDl,
  9: Unit.mgPerDl,
  10: Unit.percent,
  11: Unit.mgPerDl,
  12: Unit.mgPerDl,
};

/** SPEC §3: blood sugar segment: custom, before / 1 h after / 2 h after each meal, before sleep, fasting. */
export const BloodSugarSegment = {
  custom: 0,
  beforeBreakfast: 1,
  afterBreakfast1h: 2,
  afterBreakfast2h: 3,
  beforeLunch: 4,
  afterLunch1h: 5,
  afterLunch2h: 6,
  beforeDinner: 7,
  afterDinner1h: 8,
  afterDinner2h: 9,
  beforeSleep: 10,
  fasting: 11,
} as const;
export type BloodSugarSegment = (typeof BloodSugarSegment)[keyof typeof BloodSugarSegment];
export const bloodSugarSegmentLabelKey = labelKeys('bloodSugarSegment', BloodSugarSegment);

/** The standard a blood sugar reading of each segment is compared with (custom: none). */
export const bloodSugarSegmentStandard: Record<BloodSugarSegment, StandardKind | null> = {
  0: null,
  1: StandardKind.sugarBeforeMeal,
  2: StandardKind.sugarAfterMeal1h,
  3: StandardKind.sugarAfterMeal2h,
  4: StandardKind.sugarBeforeMeal,
  5: StandardKind.sugarAfterMeal1h,
  6: StandardKind.sugarAfterMeal2h,
  7: StandardKind.sugarBeforeMeal,
  8: StandardKind.sugarAfterMeal1h,
  9: StandardKind.sugarAfterMeal2h,
  10: StandardKind.sugarBeforeSleep,
  11: StandardKind.fastingSugar,
};

/** SPEC §3: ECG status. */
export const EcgStatus = { abnormal: 1, normal: 2, unreadable: 3 } as const;
export type EcgStatus = (typeof EcgStatus)[keyof typeof EcgStatus];
export const ecgStatusLabelKey = labelKeys('ecgStatus', EcgStatus);

/** SPEC §3: heart-vessel (health index) result 0–3; the grades are Vigil's. */
export const HeartVesselResult = { normal: 0, mildRisk: 1, moderateRisk: 2, highRisk: 3 } as const;
export type HeartVesselResult = (typeof HeartVesselResult)[keyof typeof HeartVesselResult];
export const heartVesselResultLabelKey = labelKeys('heartVesselResult', HeartVesselResult);

/** SPEC §3: stage codes of sleep segments: 0 awake, 1 light, 2 deep, any other value REM. */
export const SleepStage = { awake: 0, light: 1, deep: 2, rem: 3 } as const;
export type SleepStage = (typeof SleepStage)[keyof typeof SleepStage];

/** What a sleep chart shows: the four stages plus fragmented sleep (SPEC §3). */
export const SleepStageKind = {
  awake: 'awake',
  light: 'light',
  deep: 'deep',
  rem: 'rem',
  fragmented: 'fragmented',
} as const;
export type SleepStageKind = (typeof SleepStageKind)[keyof typeof SleepStageKind];
export const sleepStageLabelKey = labelKeys('sleepStage', SleepStageKind);

/** Reads a segment's stage code the way SPEC §3 says: anything but 0, 1, 2 is REM. */
export function sleepStageOf(code: number): Exclude<SleepStageKind, 'fragmented'> {
  if (code === SleepStage.awake) return SleepStageKind.awake;
  if (code === SleepStage.light) return SleepStageKind.light;
  if (code === SleepStage.deep) return SleepStageKind.deep;
  return SleepStageKind.rem;
}

/** SPEC §3 stage colours; fragmented has none in SPEC, so Vigil picked a muted amber. */
export const sleepStageColor: Record<SleepStageKind, string> = {
  deep: '#549688',
  light: '#4db2a2',
  rem: '#97cacb',
  awake: '#E0E0E0',
  fragmented: '#E6B96A',
};

/** SPEC §3: the hand a blood pressure reading was taken on. */
export const Hand = { noData: -1, left: 0, right: 1 } as const;
export type Hand = (typeof Hand)[keyof typeof Hand];
export const handLabelKey = labelKeys('hand', Hand);

/** SPEC §3: atrial fibrillation result of a blood pressure reading, 0–4 and -1; grades are Vigil's. */
export const AfibResult = {
  noData: -1,
  normal: 0,
  atrialFibrillation: 1,
  suspectedAtrialFibrillation: 2,
  irregularRhythm: 3,
  unreadable: 4,
} as const;
export type AfibResult = (typeof AfibResult)[keyof typeof AfibResult];
export const afibResultLabelKey = labelKeys('afibResult', AfibResult);
