import { StandardKind } from '../enums/physiological.ts';

export interface StandardRange {
  min: number;
  max: number;
  /** A second, higher limit where SPEC gives one (temperature 40; oxygen "over 95"). */
  overMax?: number;
}

/** SPEC §9: default physiological standards (min to max) of a member until staff change them. */
export const defaultStandards: Record<StandardKind, StandardRange> = {
  [StandardKind.instantHeartRate]: { min: 45, max: 150 },
  [StandardKind.bodyTemperature]: { min: 35, max: 37.5, overMax: 40 },
  [StandardKind.diastolic]: { min: 70, max: 89 },
  [StandardKind.systolic]: { min: 99, max: 139 },
  [StandardKind.staticHeartRate]: { min: 50, max: 80 },
  [StandardKind.sugarBeforeMeal]: { min: 70, max: 100 },
  [StandardKind.sugarAfterMeal1h]: { min: 80, max: 140 },
  [StandardKind.sugarAfterMeal2h]: { min: 80, max: 140 },
  [StandardKind.cholesterol]: { min: 130, max: 200 },
  [StandardKind.uricAcid]: { min: 3, max: 8.3 },
  [StandardKind.oxygen]: { min: 90, max: 93, overMax: 95 },
  [StandardKind.fastingSugar]: { min: 70, max: 100 },
  [StandardKind.sugarBeforeSleep]: { min: 70, max: 100 },
};

/** Where a reading falls against a standard. */
export type StandardVerdict = 'low' | 'normal' | 'high' | 'overMax';

/** Compares a reading with a standard: below min is low, above max high, above over-max overMax. */
export function compareWithStandard(value: number, range: StandardRange): StandardVerdict {
  if (value < range.min) return 'low';
  if (range.overMax !== undefined && value > range.overMax) return 'overMax';
  if (value > range.max) return 'high';
  return 'normal';
}

/** SPEC §9 alerts: a pain score above this raises an alert. */
export const PAIN_ALERT_ABOVE = 3;
/** SPEC §9 alerts: a dose not taken this many hours after its time raises an alert. */
export const MEDICATION_DELAY_ALERT_HOURS = 2;
/** SPEC §3: the heart / vessel health index alert fires on this many alerts in one day. */
export const HEART_VESSEL_ALERTS_PER_DAY = 3;
