import { MedicationFrequency, medicationFrequencyDailyDoses } from '../enums/medication-frequency.ts';
import { ScheduleRepeat } from '../enums/care.ts';
import { SECONDS_PER_DAY, fromUnix } from '../time/index.ts';
import { CARE_UTC_OFFSET_MINUTES } from './constants.ts';

/**
 * Expansion of care rules into instants. Days and daily times are the care home's wall clock
 * (minutes after local midnight); `offsetMinutes` turns them into unix seconds. Every function is
 * pure and returns instants in the half-open window [from, to), sorted, without repeats.
 */

export type Window = { from: number; to: number };

/** Unix seconds of the local midnight that starts the day holding `t`. */
export function localDayStart(t: number, offsetMinutes = CARE_UTC_OFFSET_MINUTES): number {
  const offset = offsetMinutes * 60;
  return Math.floor((t + offset) / SECONDS_PER_DAY) * SECONDS_PER_DAY - offset;
}

/** The local weekday (0 Sunday … 6 Saturday) of a local day start. */
export function localWeekday(dayStart: number, offsetMinutes = CARE_UTC_OFFSET_MINUTES): number {
  return fromUnix(dayStart + offsetMinutes * 60).getUTCDay();
}

type DayRange = { startDate: number; endDate: number | null };

/**
 * The local days from the rule's start day to its end day (inclusive; null = open) that can hold an
 * instant of the window, with their index counted from the start day.
 */
function* days(range: DayRange, window: Window, offsetMinutes: number) {
  const first = localDayStart(range.startDate, offsetMinutes);
  const last = range.endDate === null ? Infinity : localDayStart(range.endDate, offsetMinutes);
  // A day starting before `from` can still hold instants inside the window.
  let day = Math.max(first, localDayStart(window.from, offsetMinutes));
  for (; day <= last && day < window.to; day += SECONDS_PER_DAY) {
    yield { day, index: Math.round((day - first) / SECONDS_PER_DAY), weekday: localWeekday(day, offsetMinutes) };
  }
}

function collect(instants: Iterable<number>, window: Window): number[] {
  return [...new Set([...instants].filter((t) => t >= window.from && t < window.to))].sort((a, b) => a - b);
}

/** A medication package's schedule (docs/care.md "Medication packages"). */
export type DoseRule = DayRange & {
  frequency: MedicationFrequency;
  /** Minutes after local midnight. */
  dailyTimes: readonly number[];
  /** QW, BIW, TIW: the local weekdays. */
  weekdays: readonly number[];
};

/** Frequencies given every day at the package's daily times (the count is checked by the schema). */
const everyDay = new Set<MedicationFrequency>([
  MedicationFrequency.qd,
  MedicationFrequency.bid,
  MedicationFrequency.tid,
  MedicationFrequency.qid,
  MedicationFrequency.hs,
  MedicationFrequency.qam,
  MedicationFrequency.qpm,
  MedicationFrequency.q2h,
  MedicationFrequency.q4h,
  MedicationFrequency.q6h,
  MedicationFrequency.q8h,
  MedicationFrequency.q12h,
  MedicationFrequency.ac,
  MedicationFrequency.pc,
  MedicationFrequency.asOrder,
]);
const weekly = new Set<MedicationFrequency>([MedicationFrequency.qw, MedicationFrequency.biw, MedicationFrequency.tiw]);
const single = new Set<MedicationFrequency>([MedicationFrequency.stat, MedicationFrequency.once]);

/**
 * The scheduled dose times of a package inside the window. PRN has none (a dose is recorded when
 * one is needed); STAT and ONCE give one dose on the start day; QOD every other day from the start
 * day; QW, BIW and TIW on their weekdays; every other frequency each day at its daily times.
 */
export function expandDoseTimes(rule: DoseRule, window: Window, offsetMinutes = CARE_UTC_OFFSET_MINUTES): number[] {
  if (rule.frequency === MedicationFrequency.prn) return [];
  const out: number[] = [];
  for (const { day, index, weekday } of days(rule, window, offsetMinutes)) {
    const dosing =
      everyDay.has(rule.frequency) ||
      (rule.frequency === MedicationFrequency.qod && index % 2 === 0) ||
      (weekly.has(rule.frequency) && rule.weekdays.includes(weekday)) ||
      (single.has(rule.frequency) && index === 0);
    if (!dosing) continue;
    const times = single.has(rule.frequency) ? rule.dailyTimes.slice(0, 1) : rule.dailyTimes;
    for (const minute of times) out.push(day + minute * 60);
  }
  return collect(out, window);
}

/** A service schedule (docs/care.md "Service schedules"). */
export type ScheduleRule = DayRange & {
  repeat: ScheduleRepeat;
  /** Minutes after local midnight. */
  timeOfDay: number;
  /** Weekly: the local weekdays. */
  weekdays: readonly number[];
};

/** The occurrences of a service schedule inside the window: once on the start day, daily, or weekly. */
export function expandScheduleOccurrences(
  rule: ScheduleRule,
  window: Window,
  offsetMinutes = CARE_UTC_OFFSET_MINUTES,
): number[] {
  const out: number[] = [];
  for (const { day, index, weekday } of days(rule, window, offsetMinutes)) {
    const due =
      rule.repeat === ScheduleRepeat.daily ||
      (rule.repeat === ScheduleRepeat.once && index === 0) ||
      (rule.repeat === ScheduleRepeat.weekly && rule.weekdays.includes(weekday));
    if (due) out.push(day + rule.timeOfDay * 60);
    if (rule.repeat === ScheduleRepeat.once) break;
  }
  return collect(out, window);
}

/**
 * How many daily times and weekdays a frequency needs: `times` as [min, max], `weekdays` exact.
 * Fixed-count frequencies (QD … Q12H) need exactly their doses per day; PRN needs none.
 */
export function frequencyNeeds(frequency: MedicationFrequency): { times: [number, number]; weekdays: number } {
  const fixed = medicationFrequencyDailyDoses[frequency];
  if (fixed !== null) return { times: [fixed, fixed], weekdays: 0 };
  switch (frequency) {
    case MedicationFrequency.prn:
      return { times: [0, 0], weekdays: 0 };
    case MedicationFrequency.qw:
      return { times: [1, 3], weekdays: 1 };
    case MedicationFrequency.biw:
      return { times: [1, 3], weekdays: 2 };
    case MedicationFrequency.tiw:
      return { times: [1, 3], weekdays: 3 };
    case MedicationFrequency.stat:
    case MedicationFrequency.once:
    case MedicationFrequency.qod:
      return { times: [1, 1], weekdays: 0 };
    default:
      // AC, PC (with meals: one to three meals, plus a snack) and "as directed".
      return { times: [1, 4], weekdays: 0 };
  }
}
