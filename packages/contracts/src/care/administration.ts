import { MEDICATION_DELAY_ALERT_HOURS } from '../rules/standards.ts';
import { MEDICATION_DELAY_TIME_CRITICAL_MINUTES, PRN_EFFECT_CHECK_MINUTES, PRN_WINDOW_HOURS } from './constants.ts';

/**
 * Medication administration rules (docs/care.md "Doses and their administration"), pure so the
 * server enforces them and the web form explains them with the same answer.
 */

export type PrnLimits = { minIntervalMinutes: number; maxPer24h: number };

export type PrnVerdict =
  | { ok: true }
  /** `interval`: too soon after the last dose; `max`: the 24-hour maximum is reached. */
  | { ok: false; reason: 'interval' | 'max'; nextAllowedAt: number };

/**
 * Whether an as-needed dose may be given at `at`, given the times of the doses already given
 * (entered-in-error and not-given doses excluded by the caller). A dose exactly the minimum interval
 * after the last is allowed; the 24-hour window is the one ending at `at` (a dose given exactly 24
 * hours before no longer counts). A dose recorded late, before a later one, is judged against its
 * neighbours on both sides.
 */
export function checkPrnDose(at: number, given: readonly number[], limits: PrnLimits): PrnVerdict {
  const interval = limits.minIntervalMinutes * 60;
  const tooClose = given.filter((t) => Math.abs(at - t) < interval);
  if (tooClose.length) {
    return { ok: false, reason: 'interval', nextAllowedAt: Math.max(...tooClose) + interval };
  }
  const window = PRN_WINDOW_HOURS * 3600;
  const inWindow = given.filter((t) => t > at - window && t <= at).sort((a, b) => a - b);
  if (inWindow.length >= limits.maxPer24h) {
    // The earliest dose that must leave the window for one more to fit.
    const leaving = inWindow[inWindow.length - limits.maxPer24h]!;
    return { ok: false, reason: 'max', nextAllowedAt: leaving + window };
  }
  return { ok: true };
}

/** When the effect of an as-needed dose given at `givenAt` is to be checked. */
export function prnEffectDueAt(givenAt: number): number {
  return givenAt + PRN_EFFECT_CHECK_MINUTES * 60;
}

/**
 * Quantities of medicine are counted in quarters (half and quarter tablets are common); they are
 * kept as numbers with two decimals and rounded here so a running sum never drifts.
 */
export function roundQuantity(q: number): number {
  return Math.round(q * 100) / 100;
}

export type BalanceMovement = { delta: number };
export type BalanceVerdict = { ok: true; balance: number } | { ok: false; balance: number; shortBy: number };

/**
 * The controlled-medicine balance after a movement (a receipt adds, a given or wasted dose takes
 * away). A balance that would go below zero is refused: the count in the cupboard is wrong and
 * someone must check it before more is recorded.
 */
export function applyBalance(balance: number, movement: BalanceMovement): BalanceVerdict {
  const next = roundQuantity(balance + movement.delta);
  return next < 0 ? { ok: false, balance, shortBy: roundQuantity(-next) } : { ok: true, balance: next };
}

/** The balance after each movement of a ledger, from an opening balance; stops at the first refusal. */
export function runningBalance(opening: number, movements: readonly BalanceMovement[]): BalanceVerdict[] {
  const out: BalanceVerdict[] = [];
  let balance = opening;
  for (const m of movements) {
    const verdict = applyBalance(balance, m);
    out.push(verdict);
    if (!verdict.ok) break;
    balance = verdict.balance;
  }
  return out;
}

/**
 * SPEC §9 "no medication for over two hours"; ISMP's 30 minutes for a time-critical dose. A dose is
 * late only *more* than this after its time (docs/alert-rules.md "Boundaries").
 */
export function doseLateLimitMinutes(timeCritical: boolean): number {
  return timeCritical ? MEDICATION_DELAY_TIME_CRITICAL_MINUTES : MEDICATION_DELAY_ALERT_HOURS * 60;
}

/** Whether a dose still not processed at `now` is late. */
export function isDoseLate(scheduledAt: number, now: number, timeCritical: boolean): boolean {
  return now - scheduledAt > doseLateLimitMinutes(timeCritical) * 60;
}
