import type { AbnormalType, DeviceType, SafeZone, StandardKind, StandardRange } from '@vigil/contracts';
import type { AbnormalDetailData as AbnormalDetail } from '@vigil/contracts';
import type { DeviceSettings } from './settings.ts';

/** A member's 13 standards, resolved from member overrides, organisation defaults and SPEC §9. */
export type StandardSet = Record<StandardKind, StandardRange>;

/** What a rule knows besides the reading: whose standards, which device, when. */
export type RuleContext = {
  standards: StandardSet;
  deviceType: DeviceType;
  settings: DeviceSettings;
  /** Unix seconds of the reading. */
  occurTime: number;
  /** The member's safe zone, for position readings; absent or null when none is set. */
  safeZone?: SafeZone | null;
};

export type Raised = { type: AbnormalType; detail: AbnormalDetail | null };

/**
 * A rule's verdict: events to raise, and the types the reading shows are back to normal (their
 * open events are closed as recovered).
 */
export type Verdict = { raise: Raised[]; recover: AbnormalType[] };

export const noVerdict: Verdict = { raise: [], recover: [] };

/** Builds a verdict over a family of related types: whatever the reading did not raise recovered. */
export function verdictOf(family: readonly AbnormalType[], raise: Raised[]): Verdict {
  // The usual case (a normal reading) without building a set: the whole family recovers.
  if (!raise.length) return { raise, recover: family.slice() };
  const raised = new Set(raise.map((r) => r.type));
  return { raise, recover: family.filter((t) => !raised.has(t)) };
}

export function mergeVerdicts(...verdicts: Verdict[]): Verdict {
  return { raise: verdicts.flatMap((v) => v.raise), recover: verdicts.flatMap((v) => v.recover) };
}
