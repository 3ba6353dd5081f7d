import { type StandardKind, type StandardRange, StandardKind as Kinds, ValidationMessage, defaultStandards } from '@vigil/contracts';

export const standardKinds = Object.values(Kinds) as StandardKind[];

/** One editable line of the standards form; numbers are kept as typed until they validate. */
export type StandardDraft = { kind: StandardKind; min: string; max: string; overMax: string };
export type StandardErrors = Partial<Record<'min' | 'max' | 'overMax', string>>;

const text = (n: number | undefined): string => (n === undefined ? '' : String(n));

export function draftOf(kind: StandardKind, range: StandardRange): StandardDraft {
  return { kind, min: text(range.min), max: text(range.max), overMax: text(range.overMax) };
}

/** The form's starting lines: the member's values where set, SPEC §9's defaults elsewhere. */
export function draftsOf(current: Partial<Record<StandardKind, StandardRange>>): StandardDraft[] {
  return standardKinds.map((kind) => draftOf(kind, current[kind] ?? defaultStandards[kind]));
}

/** Only the kinds whose default has an over-max (temperature, oxygen) take a third value. */
export const hasOverMax = (kind: StandardKind): boolean => defaultStandards[kind].overMax !== undefined;

function parse(value: string): number | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** min and max required and numeric, min below max, an over-max (where the kind has one) above max. */
export function validateDraft(d: StandardDraft): StandardErrors {
  const errors: StandardErrors = {};
  const min = parse(d.min);
  const max = parse(d.max);
  if (d.min.trim() === '') errors.min = ValidationMessage.required;
  else if (min === null) errors.min = ValidationMessage.invalidNumber;
  if (d.max.trim() === '') errors.max = ValidationMessage.required;
  else if (max === null) errors.max = ValidationMessage.invalidNumber;
  if (min !== null && max !== null && min >= max) errors.max = 'admin.standard.maxAboveMin';
  if (hasOverMax(d.kind) && d.overMax.trim() !== '') {
    const over = parse(d.overMax);
    if (over === null) errors.overMax = ValidationMessage.invalidNumber;
    else if (max !== null && over <= max) errors.overMax = 'admin.standard.overMaxAboveMax';
  }
  return errors;
}

export function rangeOf(d: StandardDraft): StandardRange {
  const range: StandardRange = { min: Number(d.min), max: Number(d.max) };
  const over = parse(d.overMax);
  if (hasOverMax(d.kind) && over !== null) range.overMax = over;
  return range;
}

/** Whether a line differs from SPEC §9's default (the "overridden" mark and what gets stored). */
export function isOverride(d: StandardDraft): boolean {
  const def = defaultStandards[d.kind];
  const r = rangeOf(d);
  return r.min !== def.min || r.max !== def.max || (r.overMax ?? null) !== (def.overMax ?? null);
}

/** Reset to default: the line shows SPEC §9's range again and is no longer stored as an override. */
export function resetDraft(d: StandardDraft): StandardDraft {
  return draftOf(d.kind, defaultStandards[d.kind]);
}

/** The member's overrides to store: only lines that differ from the default. */
export function overridesOf(drafts: readonly StandardDraft[]): { kind: StandardKind; range: StandardRange }[] {
  return drafts.filter(isOverride).map((d) => ({ kind: d.kind, range: rangeOf(d) }));
}

/** A line as the form holds it: the draft plus whether "reset to default" was pressed on it. */
export type StandardLine = StandardDraft & { reset: boolean; overridden: boolean };

/** Lines from GET /user/standard/{id}: the values in force and whether the member overrides them. */
export function linesOf(rows: readonly { kind: StandardKind; min: number; max: number; over_max: number | null; overridden: boolean }[]): StandardLine[] {
  return rows.map((r) => ({
    ...draftOf(r.kind, { min: r.min, max: r.max, ...(r.over_max !== null && { overMax: r.over_max }) }),
    reset: false,
    overridden: r.overridden,
  }));
}

const sameRange = (a: StandardRange, b: StandardRange) => a.min === b.min && a.max === b.max && (a.overMax ?? null) === (b.overMax ?? null);

/**
 * The PUT /user/standard/{id} body: lines changed from what was loaded become overrides; reset
 * lines that were overridden drop their override (the organisation's or SPEC §9's value applies again).
 */
export function standardUpdateOf(lines: readonly StandardLine[], loaded: readonly StandardLine[]) {
  const standards: { kind: StandardKind; min: number; max: number; over_max: number | null }[] = [];
  const reset: StandardKind[] = [];
  lines.forEach((line, i) => {
    const before = loaded[i]!;
    if (line.reset) {
      if (before.overridden) reset.push(line.kind);
      return;
    }
    const range = rangeOf(line);
    if (!sameRange(range, rangeOf(before))) standards.push({ kind: line.kind, min: range.min, max: range.max, over_max: range.overMax ?? null });
  });
  return { standards, reset };
}
