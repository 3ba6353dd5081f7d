import { describe, expect, it } from 'vitest';
import { StandardKind } from '../enums/physiological.ts';
import { compareWithStandard, defaultStandards } from './standards.ts';

describe('default physiological standards (SPEC §9)', () => {
  it('match SPEC min, max and over-max', () => {
    expect(defaultStandards).toEqual({
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
    });
  });

  it('judge readings against a range, bounds included as normal', () => {
    const temperature = defaultStandards[StandardKind.bodyTemperature];
    expect(compareWithStandard(34.9, temperature)).toBe('low');
    expect(compareWithStandard(35, temperature)).toBe('normal');
    expect(compareWithStandard(37.5, temperature)).toBe('normal');
    expect(compareWithStandard(38, temperature)).toBe('high');
    expect(compareWithStandard(40.1, temperature)).toBe('overMax');
    expect(compareWithStandard(200, defaultStandards[StandardKind.instantHeartRate])).toBe('high');
  });
});
