import { describe, expect, it } from 'vitest';
import { physiologicResources } from '../permissions/resources.ts';
import { vitalPages } from '../permissions/pages.ts';
import {
  BloodSugarSegment,
  BodyMainPart,
  BodySmallPart,
  Department,
  MedicalState,
  MedicationFrequency,
  Organ,
  OrganPosition,
  PhysiologicalKind,
  StandardKind,
  bloodSugarSegmentStandard,
  bodyMainPartSmallParts,
  medicationFrequencyCode,
  organPositions,
  physiologicalKindMeta,
  sleepStageColor,
  sleepStageOf,
} from './index.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('SPEC §3 counted enumerations', () => {
  it('have the sizes and ranges SPEC gives', () => {
    expect(Object.values(MedicalState)).toEqual(range(0, 9));
    expect(Object.values(BodyMainPart)).toEqual(range(0, 11));
    expect(Object.values(BodySmallPart)).toEqual(range(0, 67));
    expect(Object.values(OrganPosition)).toEqual(range(68, 99));
    expect(Object.values(Department)).toEqual(range(0, 75));
    expect(Object.values(MedicationFrequency)).toEqual(range(0, 21));
    expect(Object.values(BloodSugarSegment)).toEqual(range(0, 11));
    expect(Object.values(StandardKind)).toEqual(range(0, 12));
  });

  it('order medication frequencies from once daily to as required', () => {
    expect(medicationFrequencyCode[MedicationFrequency.qd]).toBe('QD');
    expect(medicationFrequencyCode[21]).toBe('PRN');
    expect(new Set(Object.values(medicationFrequencyCode)).size).toBe(22);
  });

  it('give every small part one main part and every organ position one organ', () => {
    expect(Object.values(bodyMainPartSmallParts).flat()).toEqual(range(0, 67));
    for (const parts of Object.values(bodyMainPartSmallParts)) expect(parts.length).toBeGreaterThan(0);
    expect(bodyMainPartSmallParts[BodyMainPart.leftLowerLimb]).toContain(BodySmallPart.leftKnee);
    expect(Object.values(organPositions).flat()).toEqual(range(68, 99));
    expect(organPositions[Organ.heart]).toContain(OrganPosition.mitralArea);
    expect(organPositions[Organ.intestines]).toContain(OrganPosition.periumbilical);
  });

  it('compare each meal segment with its standard kind', () => {
    expect(bloodSugarSegmentStandard[BloodSugarSegment.custom]).toBeNull();
    expect(bloodSugarSegmentStandard[BloodSugarSegment.beforeDinner]).toBe(StandardKind.sugarBeforeMeal);
    expect(bloodSugarSegmentStandard[BloodSugarSegment.afterLunch2h]).toBe(StandardKind.sugarAfterMeal2h);
    expect(bloodSugarSegmentStandard[BloodSugarSegment.fasting]).toBe(StandardKind.fastingSugar);
    expect(bloodSugarSegmentStandard[BloodSugarSegment.beforeSleep]).toBe(StandardKind.sugarBeforeSleep);
  });
});

describe('physiological kinds', () => {
  it('are the 17 readings, each with a unit, its resource and its page', () => {
    const kinds = Object.values(PhysiologicalKind);
    expect(kinds).toHaveLength(17);
    expect(new Set(kinds.map((k) => physiologicalKindMeta[k].resource))).toEqual(
      new Set(physiologicResources),
    );
    expect(new Set(kinds.map((k) => physiologicalKindMeta[k].page))).toEqual(new Set(vitalPages));
    expect(physiologicalKindMeta.heartRate.resource).toBe('/physiologic/heart/rate');
  });
});

describe('sleep stages', () => {
  it('read 0 awake, 1 light, 2 deep and any other code as REM, in SPEC colours', () => {
    expect([0, 1, 2, 3, 7, -1].map(sleepStageOf)).toEqual(['awake', 'light', 'deep', 'rem', 'rem', 'rem']);
    expect(sleepStageColor).toMatchObject({
      deep: '#549688',
      light: '#4db2a2',
      rem: '#97cacb',
      awake: '#E0E0E0',
    });
  });
});
