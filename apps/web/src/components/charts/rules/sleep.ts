/**
 * Sleep tab rules (SPEC §2, §3, §4, §9): the window a day's sleep is read in, de-duplication of
 * records, stage segments and their minutes, and which start-time labels fit on the stage bar.
 */
import dayjs, { type Dayjs } from 'dayjs';

/** Stage kinds drawn on the bar (SPEC §3: 0 awake, 1 light, 2 deep, any other code REM). */
export type BarStage = 'awake' | 'light' | 'deep' | 'rem';

export function stageOfCode(code: number): BarStage {
  if (code === 0) return 'awake';
  if (code === 1) return 'light';
  if (code === 2) return 'deep';
  return 'rem';
}

export interface SleepSegmentRecord {
  type: number;
  start_time: number;
  end_time: number | null;
}

export interface SleepRecordLike {
  start_time: number;
  end_time: number;
  detail_obj: readonly SleepSegmentRecord[];
}

export interface StageSegment {
  stage: BarStage;
  start: number;
  end: number;
  /** SPEC §4: minutes from start to end. */
  minutes: number;
}

/** SPEC §7/§9: a selected day's sleep is read from 21:00 the day before to 10:00 of that day. */
export function sleepWindow(day: Dayjs, startHour: number, endHour: number): { start: number; end: number } {
  const midnight = day.startOf('day');
  return {
    start: midnight.subtract(1, 'day').hour(startHour).unix(),
    end: midnight.hour(endHour).unix(),
  };
}

/**
 * SPEC §4: records with the same start time are one night sent twice; the last one received
 * (last in the list) is the one shown. The result is ordered by start time.
 */
export function latestByStart<R extends { start_time: number }>(records: readonly R[]): R[] {
  const byStart = new Map<number, R>();
  for (const r of records) byStart.set(r.start_time, r);
  return [...byStart.values()].sort((a, b) => a.start_time - b.start_time);
}

/** A record's segments in time order; an open segment (end null) ends with its record. */
export function stageSegments(record: SleepRecordLike): StageSegment[] {
  return [...record.detail_obj]
    .sort((a, b) => a.start_time - b.start_time)
    .map((s) => {
      const end = s.end_time ?? record.end_time;
      return { stage: stageOfCode(s.type), start: s.start_time, end, minutes: segmentMinutes(s.start_time, end) };
    })
    .filter((s) => s.end > s.start);
}

export function segmentMinutes(start: number, end: number): number {
  return Math.round((end - start) / 60);
}

export interface StageTotals {
  awake: number;
  light: number;
  deep: number;
  rem: number;
  /** Deep + light + REM: time awake in bed is not sleep. */
  sleep: number;
}

export function stageTotals(segments: readonly StageSegment[]): StageTotals {
  const totals: StageTotals = { awake: 0, light: 0, deep: 0, rem: 0, sleep: 0 };
  for (const s of segments) totals[s.stage] += s.minutes;
  totals.sleep = totals.light + totals.deep + totals.rem;
  return totals;
}

export function hoursAndMinutes(totalMinutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

export interface LabelRules {
  /** A label closer than this fraction of the bar to the previous shown label is dropped. */
  skipPrevious: number;
  /** A label closer than this fraction of the bar to either edge is dropped. */
  skipEdge: number;
}

export interface BarLabel {
  time: number;
  /** Position on the bar, 0–1. */
  at: number;
}

// Positions are fractions computed in floating point; a tolerance keeps "exactly 3 %" from
// landing on either side by rounding error.
const EPSILON = 1e-9;

/**
 * SPEC §2/§9: each segment's start time is labelled on the bar unless it is within 3 % of the
 * previous shown label or within 4 % of either edge (the edges carry the bar's own start and end
 * times). "Within" includes the boundary: a label exactly 3 % after the previous one is dropped.
 */
export function stageStartLabels(starts: readonly number[], barStart: number, barEnd: number, rules: LabelRules): BarLabel[] {
  const span = barEnd - barStart;
  if (span <= 0) return [];
  const out: BarLabel[] = [];
  for (const time of starts) {
    const at = (time - barStart) / span;
    if (at <= rules.skipEdge + EPSILON || at >= 1 - rules.skipEdge - EPSILON) continue;
    const previous = out[out.length - 1];
    if (previous && at - previous.at <= rules.skipPrevious + EPSILON) continue;
    out.push({ time, at });
  }
  return out;
}

/** The span the stage bar covers: from the first record's start to the last record's end. */
export function barSpan(records: readonly SleepRecordLike[]): { start: number; end: number } | null {
  if (records.length === 0) return null;
  let start = Infinity;
  let end = -Infinity;
  for (const r of records) {
    start = Math.min(start, r.start_time);
    end = Math.max(end, r.end_time);
  }
  return end > start ? { start, end } : null;
}

export function formatClock(seconds: number): string {
  return dayjs.unix(seconds).format('HH:mm');
}

/**
 * Total sleep of each night for the week and month average charts (beyond SPEC). A record counts
 * for the day it ends on (the morning the member wakes), matching the single-night view whose
 * window ends at 10:00 of the selected day. Nights without a record are null, not zero, so they
 * neither draw a bar nor lower the average.
 */
export function nightlyTotals<R extends SleepRecordLike>(
  records: readonly R[],
  days: readonly Dayjs[],
  sleepMinutes: (record: R) => number,
): (number | null)[] {
  const byDay = new Map<string, number>();
  for (const r of latestByStart(records)) {
    const key = dayjs.unix(r.end_time).format('YYYY-MM-DD');
    byDay.set(key, (byDay.get(key) ?? 0) + sleepMinutes(r));
  }
  return days.map((d) => byDay.get(d.format('YYYY-MM-DD')) ?? null);
}
