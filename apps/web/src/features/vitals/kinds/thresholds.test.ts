import { describe, expect, it } from 'vitest';
import { type PhysiologicalKind, StandardKind, type StandardRow, defaultStandards } from '@vigil/contracts';
import { vitalKinds } from './table.tsx';
import { defaultStandardSet, standardsFromRows, thresholdDefs } from './thresholds.ts';

/** What GET /user/standard/{id} answers for a member with nothing of their own. */
const defaultRows = (): StandardRow[] =>
  (Object.values(StandardKind) as StandardKind[]).map((kind) => ({
    kind,
    min: defaultStandards[kind].min,
    max: defaultStandards[kind].max,
    over_max: defaultStandards[kind].overMax ?? null,
    source: 'default',
    overridden: false,
  }));

const withOwn = (kind: StandardKind, min: number, max: number, source: StandardRow['source'] = 'member'): StandardRow[] =>
  defaultRows().map((r) => (r.kind === kind ? { ...r, min, max, source, overridden: source === 'member' } : r));

const lines = (kind: PhysiologicalKind, rows: StandardRow[] | undefined) =>
  thresholdDefs(vitalKinds[kind], standardsFromRows(rows).standards).map((d) => [d.tone, d.value]);

const SPEC_PAGES: PhysiologicalKind[] = ['bloodOxygen', 'bloodPressure', 'bodyTemperature'];
const NON_SPEC = (Object.keys(vitalKinds) as PhysiologicalKind[]).filter((k) => !SPEC_PAGES.includes(k));

describe('standardsFromRows', () => {
  it('takes each kind from the rows and calls them the member’s when any level sets one', () => {
    const r = standardsFromRows(withOwn(StandardKind.cholesterol, 120, 190));
    expect(r.origin).toBe('member');
    expect(r.standards[StandardKind.cholesterol]).toEqual({ min: 120, max: 190 });
    expect(r.standards[StandardKind.bodyTemperature]).toEqual({ min: 35, max: 37.5, overMax: 40 });
    expect(standardsFromRows(withOwn(StandardKind.uricAcid, 2, 7, 'org')).origin).toBe('member');
  });

  it('falls back to SPEC §9 when the member has none, or when no list was read', () => {
    expect(standardsFromRows(defaultRows())).toEqual({ standards: defaultStandardSet, origin: 'default' });
    expect(standardsFromRows(undefined)).toEqual({ standards: defaultStandardSet, origin: 'default' });
    expect(standardsFromRows([])).toEqual({ standards: defaultStandardSet, origin: 'default' });
  });

  it('keeps SPEC’s default for a kind the list leaves out', () => {
    const partial = withOwn(StandardKind.uricAcid, 2, 7).filter((r) => r.kind !== StandardKind.cholesterol);
    expect(standardsFromRows(partial).standards[StandardKind.cholesterol]).toEqual(defaultStandards[StandardKind.cholesterol]);
  });
});

describe('threshold lines of the 17 kinds', () => {
  it('the three SPEC pages keep SPEC’s fixed lines whatever the member’s standards', () => {
    const rows = withOwn(StandardKind.oxygen, 85, 92).map((r) =>
      r.kind === StandardKind.bodyTemperature ? { ...r, min: 34, max: 37, source: 'member' as const } : r,
    );
    expect(lines('bloodOxygen', rows)).toEqual([['low', 90]]);
    expect(lines('bodyTemperature', rows)).toEqual([
      ['high', 38],
      ['low', 32],
    ]);
    expect(lines('bloodPressure', withOwn(StandardKind.systolic, 100, 130))).toEqual([]);
    for (const kind of SPEC_PAGES) expect(vitalKinds[kind].thresholds.from).toBe('spec');
  });

  it('maps each standard kind to its page’s high (max) and low (min) lines', () => {
    expect(lines('heartRate', withOwn(StandardKind.instantHeartRate, 48, 120))).toEqual([
      ['high', 120],
      ['low', 48],
    ]);
    expect(lines('ecg', withOwn(StandardKind.instantHeartRate, 48, 120))).toEqual([
      ['high', 120],
      ['low', 48],
    ]);
    expect(lines('cholesterol', withOwn(StandardKind.cholesterol, 120, 190))).toEqual([
      ['high', 190],
      ['low', 120],
    ]);
    expect(lines('uricAcid', withOwn(StandardKind.uricAcid, 2.5, 7))).toEqual([
      ['high', 7],
      ['low', 2.5],
    ]);
    expect(lines('bloodGlucose', withOwn(StandardKind.fastingSugar, 75, 105))).toEqual([
      ['high', 105],
      ['low', 75],
    ]);
  });

  it('blood sugar spans the before-meal low and the two-hours-after high', () => {
    const rows = withOwn(StandardKind.sugarBeforeMeal, 72, 99).map((r) =>
      r.kind === StandardKind.sugarAfterMeal2h ? { ...r, min: 80, max: 160, source: 'member' as const } : r,
    );
    expect(lines('bloodSugar', rows)).toEqual([
      ['high', 160],
      ['low', 72],
    ]);
  });

  it('with SPEC §9 defaults, the non-SPEC kinds draw the default standards', () => {
    expect(lines('heartRate', undefined)).toEqual([
      ['high', 150],
      ['low', 45],
    ]);
    expect(lines('cholesterol', undefined)).toEqual([
      ['high', 200],
      ['low', 130],
    ]);
  });

  it('every non-SPEC kind either follows the standards or has no line at all', () => {
    const followed = NON_SPEC.filter((k) => vitalKinds[k].thresholds.from === 'standards').sort();
    expect(followed).toEqual(['bloodGlucose', 'bloodSugar', 'cholesterol', 'ecg', 'heartRate', 'uricAcid']);
    for (const k of NON_SPEC.filter((k) => !followed.includes(k))) expect(lines(k, defaultRows())).toEqual([]);
  });
});
