import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { defaultStandards } from '@vigil/contracts';
import { vitalKinds } from './kinds/table.tsx';
import { autoYRange, buildVitalChart, vitalSeries, widenForLines } from './chart-spec.ts';
import type { StandardSet } from './kinds/types.ts';

const t = ((key: string, o?: Record<string, unknown>) => (o ? `${key}:${JSON.stringify(o)}` : key)) as unknown as TFunction;
const standards = defaultStandards as StandardSet;
const DAY = 86_400;
const row = (occur_time: number, value: number) => ({ id: occur_time, type: 0, user_name: 'm', remark: null, created_at: 0, updated_at: 0, occur_time, value });

const build = (kind: keyof typeof vitalKinds, rows: object[], to = DAY - 1) =>
  buildVitalChart({ config: vitalKinds[kind], data: vitalSeries(vitalKinds[kind], rows as never), standards, from: 0, to, unit: 'u', t });

describe('SPEC §2 chart specs of the three physiological pages', () => {
  it('blood oxygen: y 60–100, one low threshold line at 90', () => {
    const { spec } = build('bloodOxygen', []);
    expect(spec.y).toMatchObject({ min: 60, max: 100 });
    expect(spec.thresholds).toEqual([{ value: 90, tone: 'low', label: 'vitals.threshold.low:{"value":90}' }]);
  });

  it('blood pressure: systolic, diastolic and pulse pressure (sys − dia) on y −60–160', () => {
    const rows = [{ id: 1, type: 41, user_name: 'm', remark: null, created_at: 0, updated_at: 0, occur_time: 60, sys: 130, dia: 85, data: null }];
    const { spec, data } = build('bloodPressure', rows);
    expect(spec.y).toMatchObject({ min: -60, max: 160 });
    expect(spec.series.map((s) => s.label)).toEqual(['vitals.series.systolic', 'vitals.series.diastolic', 'vitals.series.pulsePressure']);
    expect(data.y.map((s) => s[0])).toEqual([130, 85, 45]);
    expect(spec.thresholds).toEqual([]);
  });

  it('temperature: y 30–40, lines at 38 (high) and 32 (low)', () => {
    const { spec } = build('bodyTemperature', []);
    expect(spec.y).toMatchObject({ min: 30, max: 40 });
    expect(spec.thresholds.map((l) => [l.value, l.tone])).toEqual([
      [38, 'high'],
      [32, 'low'],
    ]);
  });

  it('labels x HH:mm with gap 20 within a day, MM/DD HH:mm with gap 40 beyond', () => {
    expect(build('bloodOxygen', []).spec).toMatchObject({ xFormat: 'HH:mm', tickGap: 20 });
    expect(build('bloodOxygen', [], 7 * DAY).spec).toMatchObject({ xFormat: 'MM/DD HH:mm', tickGap: 40 });
  });

  it('applies the gap rule to the rows', () => {
    const { data } = build('bloodOxygen', [row(0, 95), row(60, 0), row(120, 96), row(1000, 97)]);
    expect(data.y[0]).toEqual([95, null, 96, null, 97]);
  });
});

describe('threshold lines from standards', () => {
  it('takes the member standard, widening a fixed range to keep lines in view', () => {
    const { spec } = build('heartRate', []);
    expect(spec.thresholds.map((l) => l.value)).toEqual([150, 45]);
    expect(spec.y.max).toBeGreaterThanOrEqual(150);
    expect(widenForLines({ min: 30, max: 140 }, [{ value: 100, tone: 'high' }])).toEqual({ min: 30, max: 140 });
  });

  it('chooses a round auto range that holds every value and line', () => {
    const r = autoYRange({ x: [0, 1], y: [[1200, 8300]] }, []);
    expect(r.min).toBe(0);
    expect(r.max).toBeGreaterThanOrEqual(8300);
    const weight = autoYRange({ x: [0, 1], y: [[61.2, 62.4]] }, []);
    expect(weight.min).toBeGreaterThan(0);
    expect(weight.min).toBeLessThanOrEqual(61.2);
    expect(autoYRange({ x: [], y: [[]] }, [])).toEqual({ min: 0, max: 10 });
  });
});
