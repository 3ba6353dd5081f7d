import {
  AbnormalType,
  HEART_VESSEL_ALERTS_PER_DAY,
  PAIN_ALERT_ABOVE,
  doseLateLimitMinutes,
  isDoseLate,
} from '@vigil/contracts';
import type { Raised } from './types.ts';

/**
 * Rules over a member's day and care records rather than one device reading. They are pure: the
 * caller (daily sweep, care-record services) gathers the input.
 */

/** A spot device that measured fewer times in a day than expected (SPEC "too few measurements"). */
export function tooFewMeasurementsRule(input: { count: number; expected: number }): Raised | null {
  return input.count < input.expected
    ? { type: AbnormalType.tooFewMeasurements, detail: { value: input.count, standard: input.expected } }
    : null;
}

/** SPEC §3: the heart or vessel health index alerting three times in a day. */
export function heartVesselRule(input: { riskCount: number; vessel: boolean }): Raised | null {
  if (input.riskCount < HEART_VESSEL_ALERTS_PER_DAY) return null;
  const type = input.vessel ? AbnormalType.vesselIndexAlert : AbnormalType.heartIndexAlert;
  return { type, detail: { value: input.riskCount, standard: HEART_VESSEL_ALERTS_PER_DAY } };
}

/** SPEC §9: a pain score above 3 (a score of 3 is not an alert). */
export function painRule(input: { score: number }): Raised | null {
  return input.score > PAIN_ALERT_ABOVE
    ? { type: AbnormalType.painAboveThreshold, detail: { value: input.score, standard: PAIN_ALERT_ABOVE } }
    : null;
}

/** One scheduled dose of a medication package (times in unix seconds). */
export type DoseInput = { scheduledAt: number; takenAt: number | null; now: number; timeCritical?: boolean };

/**
 * SPEC §9: a dose not taken more than two hours after its time; a time-critical dose (ISMP, e.g.
 * Parkinson's medicines) more than 30 minutes. A dose taken late is judged by when it was taken;
 * exactly the limit is not yet late.
 */
export function medicationDelayRule(input: DoseInput): Raised | null {
  const until = input.takenAt ?? input.now;
  const timeCritical = input.timeCritical ?? false;
  return isDoseLate(input.scheduledAt, until, timeCritical)
    ? {
        type: AbnormalType.medicationDelay,
        detail: { minute: Math.floor((until - input.scheduledAt) / 60), standard: doseLateLimitMinutes(timeCritical) },
      }
    : null;
}

/** Offline: no data for longer than the device's limit. Exactly the limit is still online. */
export function offlineRule(input: {
  lastSeenAt: number;
  now: number;
  limitMinutes: number;
  iot: boolean;
}): Raised | null {
  const silent = input.now - input.lastSeenAt;
  if (silent <= input.limitMinutes * 60) return null;
  return {
    type: input.iot ? AbnormalType.iotOffline : AbnormalType.deviceOffline,
    detail: { minute: Math.floor(silent / 60), standard: input.limitMinutes },
  };
}
