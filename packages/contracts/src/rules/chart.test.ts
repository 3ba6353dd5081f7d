import { describe, expect, it } from 'vitest';
import {
  BLOOD_OXYGEN_CHART,
  BLOOD_PRESSURE_CHART,
  CHART_GAP_MS,
  HEART_RATE_CHART,
  HEART_RATE_CHART_GAP_MS,
  SLEEP_HEART_RATE_CHART,
  SLEEP_LABEL_SKIP_EDGE,
  SLEEP_LABEL_SKIP_PREVIOUS,
  TEMPERATURE_CHART,
} from './chart.ts';

describe('chart constants (SPEC §2, §9)', () => {
  it('keep every reference line and tick inside its chart range', () => {
    for (const chart of [BLOOD_OXYGEN_CHART, TEMPERATURE_CHART, HEART_RATE_CHART]) {
      for (const [key, value] of Object.entries(chart)) {
        if (key.endsWith('Threshold')) expect(value as number).toBeGreaterThan(chart.yMin);
        if (key.endsWith('Threshold')) expect(value as number).toBeLessThan(chart.yMax);
      }
    }
    for (const chart of [HEART_RATE_CHART, SLEEP_HEART_RATE_CHART]) {
      expect(chart.ticks[chart.ticks.length - 1]).toBe(chart.yMax);
    }
    expect(BLOOD_PRESSURE_CHART).toEqual({ yMin: -60, yMax: 160 });
  });

  it('break lines after 5 minutes (1 for heart rate) and skip labels within 3 % / 4 %', () => {
    expect(CHART_GAP_MS).toBe(300_000);
    expect(HEART_RATE_CHART_GAP_MS).toBe(60_000);
    expect([SLEEP_LABEL_SKIP_PREVIOUS, SLEEP_LABEL_SKIP_EDGE]).toEqual([0.03, 0.04]);
  });
});
