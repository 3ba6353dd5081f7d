import { StandardKind, type StandardRow, defaultStandards } from '@vigil/contracts';
import type { BaseRow, StandardSet, ThresholdDef, VitalKindConfig } from './types.ts';

/** SPEC §9's defaults, what a member without standards (or a reader who may not see them) gets. */
export const defaultStandardSet: StandardSet = defaultStandards as StandardSet;

/** Where the standards behind a chart's lines came from, shown under the chart. */
export type StandardsOrigin = 'member' | 'default';

export interface ResolvedStandards {
  standards: StandardSet;
  origin: StandardsOrigin;
}

const kinds = Object.values(StandardKind) as StandardKind[];

/**
 * GET /user/standard/{id} rows to the 13 standards the lines read. The server already resolves
 * member → organisation → SPEC §9 per kind; a kind it leaves out (an older server, a partial
 * list) keeps SPEC's default rather than leaving a chart without its lines. The lines count as
 * the member's as soon as one kind is set for them or their organisation.
 */
export function standardsFromRows(rows: readonly StandardRow[] | undefined): ResolvedStandards {
  if (!rows || rows.length === 0) return { standards: defaultStandardSet, origin: 'default' };
  const byKind = new Map(rows.map((r) => [r.kind as StandardKind, r]));
  const standards = {} as StandardSet;
  for (const kind of kinds) {
    const row = byKind.get(kind);
    const fallback = defaultStandardSet[kind];
    standards[kind] = row
      ? { min: row.min, max: row.max, ...(row.over_max !== null ? { overMax: row.over_max } : {}) }
      : fallback;
  }
  const own = rows.some((r) => r.source !== 'default');
  return { standards, origin: own ? 'member' : 'default' };
}

/** The reference lines of a kind: SPEC's fixed ones, or the given standards'. */
export function thresholdDefs(config: VitalKindConfig<BaseRow>, standards: StandardSet): readonly ThresholdDef[] {
  return config.thresholds.from === 'spec' ? config.thresholds.lines : config.thresholds.lines(standards);
}
