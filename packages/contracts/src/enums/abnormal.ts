import { labelKeys } from './label-key.ts';
import { StandardKind } from './physiological.ts';

/** SPEC §3: abnormal category. */
export const AbnormalCategory = {
  physiological: 0,
  fall: 1,
  sos: 2,
  deviceIssue: 3,
  signalNotMeasured: 4,
} as const;
export type AbnormalCategory = (typeof AbnormalCategory)[keyof typeof AbnormalCategory];
export const abnormalCategoryLabelKey = labelKeys('abnormalCategory', AbnormalCategory);

/**
 * SPEC §3: abnormal types 0–102, in SPEC's order. SPEC lists the kinds loosely; the numbering,
 * the air-quality grid (14–43: six pollutants x five Taiwan AQI levels above good) and the IoT
 * watch types (89–102) are Vigil's. Full table with categories: docs/enums.md.
 */
export const AbnormalType = {
  heartRateLow: 0,
  heartRateHigh: 1,
  noHeartbeatInBed: 2,
  breathingSlow: 3,
  breathingFast: 4,
  noBreathing: 5,
  outOfBedTooLong: 6,
  notInBed: 7,
  temperatureHigh: 8,
  alertPerson: 9,
  stayedTooLong: 10,
  intrusion: 11,
  fall: 12,
  deviceOffline: 13,
  airPm25Moderate: 14,
  airPm25Sensitive: 15,
  airPm25Unhealthy: 16,
  airPm25VeryUnhealthy: 17,
  airPm25Hazardous: 18,
  airPm10Moderate: 19,
  airPm10Sensitive: 20,
  airPm10Unhealthy: 21,
  airPm10VeryUnhealthy: 22,
  airPm10Hazardous: 23,
  airCo2Moderate: 24,
  airCo2Sensitive: 25,
  airCo2Unhealthy: 26,
  airCo2VeryUnhealthy: 27,
  airCo2Hazardous: 28,
  airTvocModerate: 29,
  airTvocSensitive: 30,
  airTvocUnhealthy: 31,
  airTvocVeryUnhealthy: 32,
  airTvocHazardous: 33,
  airHchoModerate: 34,
  airHchoSensitive: 35,
  airHchoUnhealthy: 36,
  airHchoVeryUnhealthy: 37,
  airHchoHazardous: 38,
  airCoModerate: 39,
  airCoSensitive: 40,
  airCoUnhealthy: 41,
  airCoVeryUnhealthy: 42,
  airCoHazardous: 43,
  instantHeartRateLow: 44,
  instantHeartRateHigh: 45,
  staticHeartRateLow: 46,
  staticHeartRateHigh: 47,
  bodyTemperatureLow: 48,
  bodyTemperatureHigh: 49,
  bodyTemperatureOverMax: 50,
  systolicLow: 51,
  systolicHigh: 52,
  diastolicLow: 53,
  diastolicHigh: 54,
  sugarBeforeMealLow: 55,
  sugarBeforeMealHigh: 56,
  sugarAfterMeal1hLow: 57,
  sugarAfterMeal1hHigh: 58,
  sugarAfterMeal2hLow: 59,
  sugarAfterMeal2hHigh: 60,
  fastingSugarLow: 61,
  fastingSugarHigh: 62,
  sugarBeforeSleepLow: 63,
  sugarBeforeSleepHigh: 64,
  sos: 65,
  wearableFall: 66,
  tooFewMeasurements: 67,
  ecgAbnormal: 68,
  ecgAtrialFibrillation: 69,
  ecgTachycardia: 70,
  ecgBradycardia: 71,
  ecgPrematureBeat: 72,
  ecgUnreadable: 73,
  painAboveThreshold: 74,
  medicationDelay: 75,
  watchLowBattery: 76,
  patchLowBattery: 77,
  watchNotWorn: 78,
  patchNotWorn: 79,
  heartIndexAlert: 80,
  vesselIndexAlert: 81,
  uricAcidLow: 82,
  uricAcidHigh: 83,
  cholesterolLow: 84,
  cholesterolHigh: 85,
  bloodOxygenLow: 86,
  diaperWet: 87,
  diaperSoaked: 88,
  iotSos: 89,
  iotFall: 90,
  iotHeartRateLow: 91,
  iotHeartRateHigh: 92,
  iotBloodOxygenLow: 93,
  iotBodyTemperatureHigh: 94,
  iotSystolicHigh: 95,
  iotDiastolicHigh: 96,
  iotAtrialFibrillation: 97,
  iotLowBattery: 98,
  iotNotWorn: 99,
  iotOffline: 100,
  iotLeftSafeZone: 101,
  iotInactive: 102,
} as const;
export type AbnormalType = (typeof AbnormalType)[keyof typeof AbnormalType];
export const abnormalTypeLabelKey = labelKeys('abnormalType', AbnormalType);

export interface AbnormalTypeMeta {
  category: AbnormalCategory;
  /** Needs someone at once: SOS, falls, no breathing, no heartbeat. */
  critical: boolean;
  /** The member's physiological standard the reading crossed, if the type compares against one. */
  standardKind: StandardKind | null;
}

export const abnormalTypeMeta: Record<AbnormalType, AbnormalTypeMeta> = {
  0: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  1: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  2: { category: AbnormalCategory.physiological, critical: true, standardKind: null },
  3: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  4: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  5: { category: AbnormalCategory.physiological, critical: true, standardKind: null },
  6: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  7: { category: AbnormalCategory.signalNotMeasured, critical: false, standardKind: null },
  8: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  9: { category: AbnormalCategory.sos, critical: false, standardKind: null },
  10: { category: AbnormalCategory.sos, critical: false, standardKind: null },
  11: { category: AbnormalCategory.sos, critical: false, standardKind: null },
  12: { category: AbnormalCategory.fall, critical: true, standardKind: null },
  13: { category: AbnormalCategory.deviceIssue, critical: false, standardKind: null },
  14: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  15: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  16: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  17: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  18: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  19: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  20: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  21: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  22: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  23: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  24: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  25: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  26: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  27: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  28: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  29: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  30: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  31: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  32: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  33: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  34: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  35: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  36: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  37: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  38: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  39: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  40: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  41: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  42: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  43: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  44: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.instantHeartRate,
  },
  45: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.instantHeartRate,
  },
  46: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.staticHeartRate,
  },
  47: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.staticHeartRate,
  },
  48: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.bodyTemperature,
  },
  49: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.bodyTemperature,
  },
  50: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.bodyTemperature,
  },
  51: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.systolic },
  52: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.systolic },
  53: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.diastolic },
  54: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.diastolic },
  55: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.sugarBeforeMeal,
  },
  56: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.sugarBeforeMeal,
  },
  57: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.sugarAfterMeal1h,
  },
  58: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.sugarAfterMeal1h,
  },
  59: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.sugarAfterMeal2h,
  },
  60: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.sugarAfterMeal2h,
  },
  61: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.fastingSugar },
  62: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.fastingSugar },
  63: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.sugarBeforeSleep,
  },
  64: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.sugarBeforeSleep,
  },
  65: { category: AbnormalCategory.sos, critical: true, standardKind: null },
  66: { category: AbnormalCategory.fall, critical: true, standardKind: null },
  67: { category: AbnormalCategory.signalNotMeasured, critical: false, standardKind: null },
  68: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  69: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  70: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  71: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  72: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  73: { category: AbnormalCategory.signalNotMeasured, critical: false, standardKind: null },
  74: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  75: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  76: { category: AbnormalCategory.deviceIssue, critical: false, standardKind: null },
  77: { category: AbnormalCategory.deviceIssue, critical: false, standardKind: null },
  78: { category: AbnormalCategory.signalNotMeasured, critical: false, standardKind: null },
  79: { category: AbnormalCategory.signalNotMeasured, critical: false, standardKind: null },
  80: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  81: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  82: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.uricAcid },
  83: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.uricAcid },
  84: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.cholesterol },
  85: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.cholesterol },
  86: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.oxygen },
  87: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  88: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  89: { category: AbnormalCategory.sos, critical: true, standardKind: null },
  90: { category: AbnormalCategory.fall, critical: true, standardKind: null },
  91: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.instantHeartRate,
  },
  92: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.instantHeartRate,
  },
  93: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.oxygen },
  94: {
    category: AbnormalCategory.physiological,
    critical: false,
    standardKind: StandardKind.bodyTemperature,
  },
  95: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.systolic },
  96: { category: AbnormalCategory.physiological, critical: false, standardKind: StandardKind.diastolic },
  97: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
  98: { category: AbnormalCategory.deviceIssue, critical: false, standardKind: null },
  99: { category: AbnormalCategory.signalNotMeasured, critical: false, standardKind: null },
  100: { category: AbnormalCategory.deviceIssue, critical: false, standardKind: null },
  101: { category: AbnormalCategory.sos, critical: false, standardKind: null },
  102: { category: AbnormalCategory.physiological, critical: false, standardKind: null },
};

export const abnormalTypes = Object.values(AbnormalType) as AbnormalType[];
export const criticalAbnormalTypes = abnormalTypes.filter((type) => abnormalTypeMeta[type].critical);

export function abnormalTypesOfCategory(category: AbnormalCategory): AbnormalType[] {
  return abnormalTypes.filter((type) => abnormalTypeMeta[type].category === category);
}

/**
 * The abnormal types raised when a reading crosses a standard kind's min (low), max (high) or
 * over-max (overMax). A high blood oxygen is not an alert.
 */
export const standardCrossingType: Record<
  StandardKind,
  { low: AbnormalType; high: AbnormalType | null; overMax?: AbnormalType }
> = {
  0: { low: AbnormalType.instantHeartRateLow, high: AbnormalType.instantHeartRateHigh },
  1: {
    low: AbnormalType.bodyTemperatureLow,
    high: AbnormalType.bodyTemperatureHigh,
    overMax: AbnormalType.bodyTemperatureOverMax,
  },
  2: { low: AbnormalType.diastolicLow, high: AbnormalType.diastolicHigh },
  3: { low: AbnormalType.systolicLow, high: AbnormalType.systolicHigh },
  4: { low: AbnormalType.staticHeartRateLow, high: AbnormalType.staticHeartRateHigh },
  5: { low: AbnormalType.sugarBeforeMealLow, high: AbnormalType.sugarBeforeMealHigh },
  6: { low: AbnormalType.sugarAfterMeal1hLow, high: AbnormalType.sugarAfterMeal1hHigh },
  7: { low: AbnormalType.sugarAfterMeal2hLow, high: AbnormalType.sugarAfterMeal2hHigh },
  8: { low: AbnormalType.cholesterolLow, high: AbnormalType.cholesterolHigh },
  9: { low: AbnormalType.uricAcidLow, high: AbnormalType.uricAcidHigh },
  10: { low: AbnormalType.bloodOxygenLow, high: null },
  11: { low: AbnormalType.fastingSugarLow, high: AbnormalType.fastingSugarHigh },
  12: { low: AbnormalType.sugarBeforeSleepLow, high: AbnormalType.sugarBeforeSleepHigh },
};

/**
 * IEC 60601-1-8 alarm priorities: high needs an immediate response, medium a prompt one, low
 * awareness. The console draws each with its own colour, flash rate and sound burst (high: red,
 * 1.4–2.8 Hz, ten pulses; medium: yellow, 0.4–0.8 Hz, three pulses; low: cyan, steady, one pulse).
 */
export const AlertPriority = { high: 'high', medium: 'medium', low: 'low' } as const;
export type AlertPriority = (typeof AlertPriority)[keyof typeof AlertPriority];
export const alertPriorityLabelKey = labelKeys('alertPriority', AlertPriority);
/** Higher number, higher priority: a higher priority always breaks through a lower one. */
export const alertPriorityRank: Record<AlertPriority, number> = { high: 3, medium: 2, low: 1 };

/**
 * Types that threaten life at once (docs/alert-rules.md "Priorities"): beyond the critical ones
 * (SOS, falls, no breathing, no heartbeat), a body temperature over the hard maximum and the
 * hazardous air levels.
 */
const highPriorityTypes: ReadonlySet<AbnormalType> = new Set<AbnormalType>([
  AbnormalType.bodyTemperatureOverMax,
  AbnormalType.airPm25Hazardous,
  AbnormalType.airPm10Hazardous,
  AbnormalType.airCo2Hazardous,
  AbnormalType.airTvocHazardous,
  AbnormalType.airHchoHazardous,
  AbnormalType.airCoHazardous,
]);

/**
 * Conditions about the equipment or the routine rather than the person's body: a nurse should
 * know, but nobody is in danger yet (device issues, signal not measured, a stay or a diaper, the
 * milder air levels).
 */
const lowPriorityTypes: ReadonlySet<AbnormalType> = new Set<AbnormalType>([
  AbnormalType.airPm25Moderate,
  AbnormalType.airPm10Moderate,
  AbnormalType.airCo2Moderate,
  AbnormalType.airTvocModerate,
  AbnormalType.airHchoModerate,
  AbnormalType.airCoModerate,
  AbnormalType.airPm25Sensitive,
  AbnormalType.airPm10Sensitive,
  AbnormalType.airCo2Sensitive,
  AbnormalType.airTvocSensitive,
  AbnormalType.airHchoSensitive,
  AbnormalType.airCoSensitive,
  AbnormalType.stayedTooLong,
  AbnormalType.diaperWet,
  AbnormalType.heartIndexAlert,
  AbnormalType.vesselIndexAlert,
  AbnormalType.uricAcidLow,
  AbnormalType.uricAcidHigh,
  AbnormalType.cholesterolLow,
  AbnormalType.cholesterolHigh,
]);

/** The IEC 60601-1-8 priority of each alert type (table in docs/alert-rules.md "Priorities"). */
export function abnormalTypePriority(type: number): AlertPriority {
  const meta = abnormalTypeMeta[type as AbnormalType];
  if (!meta) return AlertPriority.medium;
  if (meta.critical || highPriorityTypes.has(type as AbnormalType)) return AlertPriority.high;
  // Not in bed at night is a signal-not-measured type, yet it may be a resident wandering.
  if (type === AbnormalType.notInBed) return AlertPriority.medium;
  if (
    lowPriorityTypes.has(type as AbnormalType) ||
    meta.category === AbnormalCategory.deviceIssue ||
    meta.category === AbnormalCategory.signalNotMeasured
  ) {
    return AlertPriority.low;
  }
  return AlertPriority.medium;
}
