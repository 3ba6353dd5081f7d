import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  barSpan,
  hoursAndMinutes,
  nightlyTotals,
  latestByStart,
  segmentMinutes,
  sleepWindow,
  stageSegments,
  stageStartLabels,
  stageTotals,
} from './sleep.ts';

const rules = { skipPrevious: 0.03, skipEdge: 0.04 };
const BAR = 10_000;
const at = (fraction: number) => Math.round(fraction * BAR);

describe('stageStartLabels (SPEC §2 label-dropping rule)', () => {
  it('drops a label within 4 % of either edge, inclusive', () => {
    const labels = stageStartLabels([at(0), at(0.04), at(0.0401), at(0.9599), at(0.96), at(1)], 0, BAR, rules);
    expect(labels.map((l) => l.time)).toEqual([at(0.0401), at(0.9599)]);
  });

  it('drops a label within 3 % of the previous shown label, inclusive', () => {
    const labels = stageStartLabels([at(0.1), at(0.13), at(0.1301)], 0, BAR, rules);
    expect(labels.map((l) => l.time)).toEqual([at(0.1), at(0.1301)]);
  });

  it('measures from the previous shown label, not the previous segment', () => {
    const labels = stageStartLabels([at(0.1), at(0.12), at(0.14)], 0, BAR, rules);
    expect(labels.map((l) => l.time)).toEqual([at(0.1), at(0.14)]);
  });

  it('positions labels as a fraction of the bar', () => {
    const [label] = stageStartLabels([1500], 1000, 2000, rules);
    expect(label.at).toBeCloseTo(0.5);
    expect(stageStartLabels([1500], 2000, 2000, rules)).toEqual([]);
  });
});

describe('sleep window and records (SPEC §4, §7)', () => {
  it('runs from 21:00 the day before to 10:00 of the selected day', () => {
    const w = sleepWindow(dayjs('2026-03-10T15:00:00'), 21, 10);
    expect(dayjs.unix(w.start).format('YYYY-MM-DD HH:mm')).toBe('2026-03-09 21:00');
    expect(dayjs.unix(w.end).format('YYYY-MM-DD HH:mm')).toBe('2026-03-10 10:00');
  });

  it('keeps the last record of those with the same start, ordered by start', () => {
    const recs = [
      { start_time: 200, id: 'a' },
      { start_time: 100, id: 'b' },
      { start_time: 200, id: 'c' },
    ];
    expect(latestByStart(recs).map((r) => r.id)).toEqual(['b', 'c']);
  });

  it('reads stage codes (other values are REM), ends open segments with the record', () => {
    const segments = stageSegments({
      start_time: 0,
      end_time: 3600,
      detail_obj: [
        { type: 2, start_time: 600, end_time: 1200 },
        { type: 0, start_time: 0, end_time: 600 },
        { type: 1, start_time: 1200, end_time: 1800 },
        { type: 7, start_time: 1800, end_time: null },
      ],
    });
    expect(segments.map((s) => [s.stage, s.minutes])).toEqual([
      ['awake', 10],
      ['deep', 10],
      ['light', 10],
      ['rem', 30],
    ]);
    const totals = stageTotals(segments);
    expect(totals).toEqual({ awake: 10, light: 10, deep: 10, rem: 30, sleep: 50 });
  });

  it('counts minutes from start to end and splits hours', () => {
    expect(segmentMinutes(0, 89)).toBe(1);
    expect(segmentMinutes(0, 91)).toBe(2);
    expect(hoursAndMinutes(445)).toEqual({ hours: 7, minutes: 25 });
    expect(hoursAndMinutes(0)).toEqual({ hours: 0, minutes: 0 });
  });

  it('spans the bar over all shown records', () => {
    expect(barSpan([])).toBeNull();
    expect(
      barSpan([
        { start_time: 100, end_time: 500, detail_obj: [] },
        { start_time: 50, end_time: 300, detail_obj: [] },
      ]),
    ).toEqual({ start: 50, end: 500 });
  });
});

describe('nightlyTotals (week and month averages)', () => {
  it('sums each night by the day it ends, de-duplicates, and leaves nights without sleep null', () => {
    const d = (s: string) => dayjs(s).unix();
    const recs = [
      { start_time: d('2026-03-01T23:00'), end_time: d('2026-03-02T06:00'), detail_obj: [], m: 400 },
      { start_time: d('2026-03-01T23:00'), end_time: d('2026-03-02T06:30'), detail_obj: [], m: 420 },
      { start_time: d('2026-03-02T13:00'), end_time: d('2026-03-02T13:40'), detail_obj: [], m: 40 },
      { start_time: d('2026-03-03T22:00'), end_time: d('2026-03-04T05:00'), detail_obj: [], m: 380 },
    ];
    const days = ['2026-03-02', '2026-03-03', '2026-03-04'].map((s) => dayjs(s));
    expect(nightlyTotals(recs, days, (r) => r.m)).toEqual([460, null, 380]);
  });
});
