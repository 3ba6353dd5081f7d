import { describe, expect, it } from 'vitest';
import { StandardKind, defaultStandards } from '@vigil/contracts';
import { draftsOf, isOverride, linesOf, overridesOf, resetDraft, standardUpdateOf, validateDraft } from './standards.ts';

describe('physiological standard overrides', () => {
  it('starts from SPEC §9 defaults for all 13 kinds, with the member value where set', () => {
    const drafts = draftsOf({ [StandardKind.systolic]: { min: 100, max: 150 } });
    expect(drafts).toHaveLength(13);
    expect(drafts[StandardKind.bodyTemperature]).toEqual({ kind: 1, min: '35', max: '37.5', overMax: '40' });
    expect(drafts[StandardKind.systolic]).toMatchObject({ min: '100', max: '150' });
    expect(overridesOf(drafts)).toEqual([{ kind: StandardKind.systolic, range: { min: 100, max: 150 } }]);
  });

  it('validates required numbers, min below max and over-max above max', () => {
    const base = draftsOf({})[StandardKind.oxygen]!;
    expect(validateDraft(base)).toEqual({});
    expect(validateDraft({ ...base, min: '' })).toEqual({ min: 'validation.required' });
    expect(validateDraft({ ...base, max: 'x' })).toEqual({ max: 'validation.invalidNumber' });
    expect(validateDraft({ ...base, min: '95', max: '93' })).toEqual({ max: 'admin.standard.maxAboveMin' });
    expect(validateDraft({ ...base, overMax: '92' })).toEqual({ overMax: 'admin.standard.overMaxAboveMax' });
  });

  it('resets a line to its default so it is no longer an override', () => {
    const edited = { ...draftsOf({})[StandardKind.uricAcid]!, max: '9' };
    expect(isOverride(edited)).toBe(true);
    const reset = resetDraft(edited);
    expect(isOverride(reset)).toBe(false);
    expect(reset.max).toBe(String(defaultStandards[StandardKind.uricAcid].max));
  });
});

describe('standards update body', () => {
  const loaded = linesOf([
    { kind: StandardKind.instantHeartRate, min: 45, max: 150, over_max: null, overridden: false },
    { kind: StandardKind.bodyTemperature, min: 35, max: 38, over_max: 40, overridden: true },
    { kind: StandardKind.diastolic, min: 70, max: 89, over_max: null, overridden: false },
  ]);

  it('sends changed lines as overrides and reset lines that were overridden as resets', () => {
    const lines = loaded.map((l) => ({ ...l }));
    lines[0] = { ...lines[0]!, max: '140' };
    lines[1] = { ...resetDraft(lines[1]!), reset: true, overridden: true };
    lines[2] = { ...resetDraft(lines[2]!), reset: true, overridden: false };
    expect(standardUpdateOf(lines, loaded)).toEqual({
      standards: [{ kind: StandardKind.instantHeartRate, min: 45, max: 140, over_max: null }],
      reset: [StandardKind.bodyTemperature],
    });
  });

  it('sends nothing when nothing changed', () => {
    expect(standardUpdateOf(loaded, loaded)).toEqual({ standards: [], reset: [] });
  });
});
