import { describe, expect, it } from 'vitest';
import { MedicationFrequency as F, ScheduleRepeat } from '../enums/index.ts';
import { toUnix } from '../time/index.ts';
import {
  applyBalance,
  checkPrnDose,
  expandDoseTimes,
  expandScheduleOccurrences,
  frequencyNeeds,
  localDayStart,
  localWeekday,
  prnEffectDueAt,
  runningBalance,
} from './index.ts';

/** Taipei wall-clock time as unix seconds; 2026-11-23 is a Monday. */
const tw = (local: string) => toUnix(new Date(`${local}+08:00`));
const hm = (h: number, m = 0) => h * 60 + m;
const week = { from: tw('2026-11-23T00:00:00'), to: tw('2026-11-30T00:00:00') };
const base = { startDate: tw('2026-11-23T00:00:00'), endDate: null as number | null, dailyTimes: [] as number[], weekdays: [] as number[] };

describe('local days', () => {
  it('starts a Taipei day at 16:00 UTC of the day before', () => {
    expect(localDayStart(tw('2026-11-23T07:59:59'))).toBe(tw('2026-11-23T00:00:00'));
    expect(localDayStart(tw('2026-11-23T23:59:59'))).toBe(tw('2026-11-23T00:00:00'));
    expect(localDayStart(tw('2026-11-24T00:00:00'))).toBe(tw('2026-11-24T00:00:00'));
  });
  it('names the local weekday, not the UTC one', () => {
    expect(localWeekday(tw('2026-11-23T00:00:00'))).toBe(1);
    expect(localWeekday(tw('2026-11-29T00:00:00'))).toBe(0);
  });
});

describe('expandDoseTimes', () => {
  const cases: { name: string; rule: Partial<typeof base> & { frequency: F }; window?: { from: number; to: number }; want: string[] }[] = [
    {
      name: 'BID gives both daily times each day of the window',
      rule: { frequency: F.bid, dailyTimes: [hm(8), hm(20)], endDate: tw('2026-11-24T00:00:00') },
      want: ['2026-11-23T08:00:00', '2026-11-23T20:00:00', '2026-11-24T08:00:00', '2026-11-24T20:00:00'],
    },
    {
      name: 'the end day is inclusive and nothing follows it',
      rule: { frequency: F.qd, dailyTimes: [hm(21)], endDate: tw('2026-11-25T00:00:00') },
      want: ['2026-11-23T21:00:00', '2026-11-24T21:00:00', '2026-11-25T21:00:00'],
    },
    {
      name: 'QOD doses every other day counted from the start day',
      rule: { frequency: F.qod, dailyTimes: [hm(9)], startDate: tw('2026-11-22T00:00:00') },
      want: ['2026-11-24T09:00:00', '2026-11-26T09:00:00', '2026-11-28T09:00:00'],
    },
    {
      name: 'BIW doses on its two weekdays only (Monday, Thursday)',
      rule: { frequency: F.biw, dailyTimes: [hm(8)], weekdays: [1, 4] },
      want: ['2026-11-23T08:00:00', '2026-11-26T08:00:00'],
    },
    {
      name: 'ONCE gives one dose, on the start day, at its first time',
      rule: { frequency: F.once, dailyTimes: [hm(10, 30)], startDate: tw('2026-11-25T00:00:00') },
      want: ['2026-11-25T10:30:00'],
    },
    { name: 'PRN has no schedule', rule: { frequency: F.prn }, want: [] },
    {
      name: 'a start day after the window gives nothing',
      rule: { frequency: F.qd, dailyTimes: [hm(8)], startDate: tw('2026-12-01T00:00:00') },
      want: [],
    },
    {
      name: 'the window is half open: a dose at its end is left for the next one',
      rule: { frequency: F.qd, dailyTimes: [hm(8)] },
      window: { from: tw('2026-11-23T08:00:00'), to: tw('2026-11-24T08:00:00') },
      want: ['2026-11-23T08:00:00'],
    },
    {
      name: 'a start date given mid-day still means that whole day',
      rule: { frequency: F.qd, dailyTimes: [hm(8)], startDate: tw('2026-11-23T15:00:00'), endDate: tw('2026-11-23T15:00:00') },
      want: ['2026-11-23T08:00:00'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(expandDoseTimes({ ...base, ...c.rule }, c.window ?? week)).toEqual(c.want.map(tw));
    });
  }
});

describe('expandScheduleOccurrences', () => {
  const rule = { ...base, timeOfDay: hm(14), repeat: ScheduleRepeat.daily as ScheduleRepeat };
  it('daily: one occurrence each day from the start', () => {
    expect(expandScheduleOccurrences({ ...rule, startDate: tw('2026-11-27T00:00:00') }, week)).toEqual(
      ['2026-11-27T14:00:00', '2026-11-28T14:00:00', '2026-11-29T14:00:00'].map(tw),
    );
  });
  it('once: only the start day, even with no end', () => {
    expect(expandScheduleOccurrences({ ...rule, repeat: ScheduleRepeat.once, startDate: tw('2026-11-24T00:00:00') }, week)).toEqual([
      tw('2026-11-24T14:00:00'),
    ]);
  });
  it('once: nothing when the start day is before the window', () => {
    expect(
      expandScheduleOccurrences({ ...rule, repeat: ScheduleRepeat.once, startDate: tw('2026-11-20T00:00:00') }, week),
    ).toEqual([]);
  });
  it('weekly: the listed local weekdays (Sunday is 0)', () => {
    expect(expandScheduleOccurrences({ ...rule, repeat: ScheduleRepeat.weekly, weekdays: [0, 3] }, week)).toEqual(
      ['2026-11-25T14:00:00', '2026-11-29T14:00:00'].map(tw),
    );
  });
});

describe('frequencyNeeds', () => {
  it.each([
    [F.qd, [1, 1], 0],
    [F.tid, [3, 3], 0],
    [F.q6h, [4, 4], 0],
    [F.q2h, [12, 12], 0],
    [F.tiw, [1, 3], 3],
    [F.prn, [0, 0], 0],
    [F.once, [1, 1], 0],
    [F.ac, [1, 4], 0],
  ] as const)('frequency %i needs %j daily times and %i weekdays', (f, times, weekdays) => {
    expect(frequencyNeeds(f)).toEqual({ times, weekdays });
  });
});

describe('checkPrnDose', () => {
  const limits = { minIntervalMinutes: 240, maxPer24h: 3 };
  const t0 = tw('2026-11-23T08:00:00');
  const cases: { name: string; at: number; given: number[]; want: ReturnType<typeof checkPrnDose> }[] = [
    { name: 'the first dose is allowed', at: t0, given: [], want: { ok: true } },
    { name: 'exactly the minimum interval after the last is allowed', at: t0 + 4 * 3600, given: [t0], want: { ok: true } },
    {
      name: 'a minute inside the interval is refused until the interval ends',
      at: t0 + 4 * 3600 - 60,
      given: [t0],
      want: { ok: false, reason: 'interval', nextAllowedAt: t0 + 4 * 3600 },
    },
    {
      name: 'a late entry between two doses is judged against the later one too',
      at: t0 + 2 * 3600,
      given: [t0 - 8 * 3600, t0 + 3 * 3600],
      want: { ok: false, reason: 'interval', nextAllowedAt: t0 + 7 * 3600 },
    },
    {
      name: 'the fourth dose in 24 hours is refused until the first leaves the window',
      at: t0 + 12 * 3600,
      given: [t0 - 8 * 3600, t0 - 4 * 3600, t0 + 8 * 3600],
      want: { ok: false, reason: 'max', nextAllowedAt: t0 + 16 * 3600 },
    },
    {
      name: 'a dose exactly 24 hours before no longer counts',
      at: t0 + 16 * 3600,
      given: [t0 - 8 * 3600, t0 - 4 * 3600, t0 + 8 * 3600],
      want: { ok: true },
    },
  ];
  for (const c of cases) it(c.name, () => expect(checkPrnDose(c.at, c.given, limits)).toEqual(c.want));

  it('asks for the effect an hour after the dose', () => {
    expect(prnEffectDueAt(t0)).toBe(t0 + 3600);
  });
});

describe('controlled balance', () => {
  it('adds receipts and takes doses, in quarters without drift', () => {
    expect(runningBalance(0, [{ delta: 28 }, { delta: -0.5 }, { delta: -0.25 }, { delta: -0.25 }])).toEqual([
      { ok: true, balance: 28 },
      { ok: true, balance: 27.5 },
      { ok: true, balance: 27.25 },
      { ok: true, balance: 27 },
    ]);
  });
  it('refuses a dose that would take the balance below zero and keeps the balance', () => {
    expect(applyBalance(0.5, { delta: -1 })).toEqual({ ok: false, balance: 0.5, shortBy: 0.5 });
    expect(applyBalance(1, { delta: -1 })).toEqual({ ok: true, balance: 0 });
  });
  it('stops a ledger at its first refusal', () => {
    expect(runningBalance(1, [{ delta: -1 }, { delta: -1 }, { delta: 5 }])).toHaveLength(2);
  });
});
