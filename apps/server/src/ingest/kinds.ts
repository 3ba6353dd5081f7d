import type { ReadingKind, ReadingValues } from '@vigil/contracts/readings';

// What a device may send, kinds and value schemas, is a contract (@vigil/contracts/readings): the
// alert rules judge the same shapes. Here: how ingestion stores them.

/** Storage codes: physiological kinds 0–16 in SPEC §1 order, device events from 100. */
export const readingKindCode: Record<ReadingKind, number> = {
  heartRate: 0,
  bloodPressure: 1,
  bloodOxygen: 2,
  bodyTemperature: 3,
  bloodSugar: 4,
  bloodGlucose: 5,
  ecg: 6,
  sleep: 7,
  activity: 8,
  sports: 9,
  weight: 10,
  hrv: 11,
  cholesterol: 12,
  uricAcid: 13,
  urineOutput: 14,
  drinkingWater: 15,
  heartVessel: 16,
  sos: 100,
  fall: 101,
  battery: 102,
  wearing: 103,
  bed: 104,
  space: 105,
  air: 106,
  diaper: 107,
  location: 108,
};
export const readingKinds = Object.keys(readingKindCode) as ReadingKind[];


/** The longest night a sleep record may span. */
export const MAX_SLEEP_SECONDS = 24 * 3600;

/**
 * What the shapes cannot check of a sleep record: it ends after it starts, within 24 h, and each
 * stage segment lies inside the record (an open segment ends with it). Null when it is sound.
 */
export function sleepRecordProblem(occurTime: number, values: ReadingValues['sleep']): string | null {
  const end = values.end_time;
  if (end <= occurTime || end - occurTime > MAX_SLEEP_SECONDS) return 'values.end_time must follow occur_time within 24 h';
  for (const [i, segment] of values.detail_obj.entries()) {
    if (segment.start_time < occurTime || segment.start_time > end)
      return `values.detail_obj.${i}.start_time must lie between occur_time and end_time`;
    if (segment.end_time !== null && (segment.end_time < segment.start_time || segment.end_time > end))
      return `values.detail_obj.${i}.end_time must lie between its start_time and the record's end_time`;
  }
  return null;
}

/** How a reading's values map onto the narrow `readings` row: value, value2 and data. */
export function toColumns(
  kind: ReadingKind,
  v: Record<string, unknown>,
): { value: number | null; value2: number | null; data: Record<string, unknown> | null } {
  switch (kind) {
    case 'bloodPressure': {
      const { sys, dia, ...rest } = v as ReadingValues['bloodPressure'];
      return { value: sys, value2: dia, data: Object.keys(rest).length ? rest : null };
    }
    case 'sleep': {
      const s = v as ReadingValues['sleep'];
      const total = s.data ? s.data.light + s.data.deep + (s.data.REM ?? 0) : null;
      return { value: total, value2: null, data: s };
    }
    case 'ecg': {
      const e = v as ReadingValues['ecg'];
      return { value: e.heart_rate ?? null, value2: e.status, data: e };
    }
    default: {
      // Everything but `value` goes to data; a loop instead of a rest spread (this runs per reading).
      let rest: Record<string, unknown> | null = null;
      for (const key in v) if (key !== 'value' && Object.hasOwn(v, key)) (rest ??= {})[key] = v[key];
      return { value: (v.value as number | undefined) ?? null, value2: null, data: rest };
    }
  }
}
