import {
  AbnormalType,
  AfibResult,
  bloodSugarSegmentStandard,
  compareWithStandard,
  DeviceType,
  EcgStatus,
  standardCrossingType,
  StandardKind,
  type BloodSugarSegment,
} from '@vigil/contracts';
import type { ReadingValues } from '@vigil/contracts/readings';
import { mergeVerdicts, noVerdict, verdictOf, type Raised, type RuleContext, type Verdict } from './types.ts';

/** The 4G location watch reports through the IoT watch types (SPEC §3: 89–102) where one exists. */
const isIot = (ctx: RuleContext) => ctx.deviceType === DeviceType.chylyngWatch;

/**
 * SPEC §9 gives temperature a second limit (40 °C) with its own type. Oxygen's "over 95" is not
 * an alert: a high saturation harms no one the console watches, so only low oxygen is raised.
 */
const overMaxType: Partial<Record<StandardKind, AbnormalType>> = {
  [StandardKind.bodyTemperature]: AbnormalType.bodyTemperatureOverMax,
};
const lowOnly: ReadonlySet<StandardKind> = new Set([StandardKind.oxygen]);

/**
 * Compares a value with one standard kind: below min raises the kind's low type, above max its
 * high type, above over-max its over-max type (SPEC §9). The boundary itself is normal.
 */
export function checkStandard(
  value: number,
  kind: StandardKind,
  ctx: RuleContext,
  iot?: { low?: AbnormalType; high?: AbnormalType },
): Verdict {
  const range = ctx.standards[kind];
  const low = iot?.low ?? standardCrossingType[kind].low;
  const high = lowOnly.has(kind) ? null : (iot?.high ?? standardCrossingType[kind].high);
  const over = high === null ? null : (iot?.high ?? overMaxType[kind] ?? high);
  // low, high and over-max without repeats, in that order (built by hand: this runs per reading).
  const family: AbnormalType[] = [low];
  if (high !== null && high !== low) family.push(high);
  if (over !== null && over !== low && over !== high) family.push(over);
  const raise: Raised[] = [];
  switch (compareWithStandard(value, range)) {
    case 'low':
      raise.push({ type: low, detail: { value, standard: range.min } });
      break;
    case 'high':
      if (high !== null) raise.push({ type: high, detail: { value, standard: range.max } });
      break;
    case 'overMax':
      if (over !== null) raise.push({ type: over, detail: { value, standard: range.overMax ?? range.max } });
      break;
  }
  return verdictOf(family, raise);
}

export function heartRateRule(v: ReadingValues['heartRate'], ctx: RuleContext): Verdict {
  // A bed sensor measures a lying member: its own heart-rate types, against the resting standard.
  if (ctx.deviceType === DeviceType.sleepSensor) return bedHeartRate(v.value, ctx);
  if (v.resting) return checkStandard(v.value, StandardKind.staticHeartRate, ctx);
  return checkStandard(
    v.value,
    StandardKind.instantHeartRate,
    ctx,
    isIot(ctx) ? { low: AbnormalType.iotHeartRateLow, high: AbnormalType.iotHeartRateHigh } : undefined,
  );
}

/** Sleep-sensor heart rate: 0 while in bed is "no heartbeat"; otherwise types 0/1 vs the resting standard. */
export function bedHeartRate(value: number, ctx: RuleContext): Verdict {
  const family = [AbnormalType.heartRateLow, AbnormalType.heartRateHigh, AbnormalType.noHeartbeatInBed];
  if (value === 0)
    return verdictOf(family, [{ type: AbnormalType.noHeartbeatInBed, detail: { value, standard: 0 } }]);
  const range = ctx.standards[StandardKind.staticHeartRate];
  const verdict = compareWithStandard(value, range);
  if (verdict === 'low')
    return verdictOf(family, [{ type: AbnormalType.heartRateLow, detail: { value, standard: range.min } }]);
  if (verdict === 'high' || verdict === 'overMax') {
    return verdictOf(family, [{ type: AbnormalType.heartRateHigh, detail: { value, standard: range.max } }]);
  }
  return verdictOf(family, []);
}

export function bodyTemperatureRule(v: ReadingValues['bodyTemperature'], ctx: RuleContext): Verdict {
  return checkStandard(
    v.value,
    StandardKind.bodyTemperature,
    ctx,
    isIot(ctx) ? { high: AbnormalType.iotBodyTemperatureHigh } : undefined,
  );
}

export function bloodPressureRule(v: ReadingValues['bloodPressure'], ctx: RuleContext): Verdict {
  const iot = isIot(ctx);
  const afibType = iot ? AbnormalType.iotAtrialFibrillation : AbnormalType.ecgAtrialFibrillation;
  const afib = verdictOf(
    [afibType],
    v.afib === AfibResult.atrialFibrillation
      ? [{ type: afibType, detail: { value: v.afib, standard: AfibResult.normal } }]
      : [],
  );
  return mergeVerdicts(
    checkStandard(
      v.sys,
      StandardKind.systolic,
      ctx,
      iot ? { high: AbnormalType.iotSystolicHigh } : undefined,
    ),
    checkStandard(
      v.dia,
      StandardKind.diastolic,
      ctx,
      iot ? { high: AbnormalType.iotDiastolicHigh } : undefined,
    ),
    // Only a definite finding alerts; "suspected" and "irregular" stay on the record for review.
    v.afib === undefined ? noVerdict : afib,
  );
}

export function bloodOxygenRule(v: ReadingValues['bloodOxygen'], ctx: RuleContext): Verdict {
  return checkStandard(
    v.value,
    StandardKind.oxygen,
    ctx,
    isIot(ctx) ? { low: AbnormalType.iotBloodOxygenLow } : undefined,
  );
}

/** Blood sugar is compared with the standard of its meal segment; a custom segment has none. */
export function bloodSugarRule(v: ReadingValues['bloodSugar'], ctx: RuleContext): Verdict {
  const kind = bloodSugarSegmentStandard[v.segment as BloodSugarSegment];
  return kind === null ? noVerdict : checkStandard(v.value, kind, ctx);
}

export function cholesterolRule(v: ReadingValues['cholesterol'], ctx: RuleContext): Verdict {
  return checkStandard(v.value, StandardKind.cholesterol, ctx);
}

export function uricAcidRule(v: ReadingValues['uricAcid'], ctx: RuleContext): Verdict {
  return checkStandard(v.value, StandardKind.uricAcid, ctx);
}

const ecgFindingType = {
  afib: AbnormalType.ecgAtrialFibrillation,
  tachycardia: AbnormalType.ecgTachycardia,
  bradycardia: AbnormalType.ecgBradycardia,
  premature: AbnormalType.ecgPrematureBeat,
} as const;

/** ECG: an unreadable trace, each named finding of an abnormal trace, or a bare "abnormal". */
export function ecgRule(v: ReadingValues['ecg']): Verdict {
  if (v.status === EcgStatus.unreadable) {
    return { raise: [{ type: AbnormalType.ecgUnreadable, detail: { value: v.status } }], recover: [] };
  }
  if (v.status !== EcgStatus.abnormal) return noVerdict;
  const findings = v.findings ?? [];
  const raise: Raised[] = findings.length
    ? findings.map((f) => ({ type: ecgFindingType[f], detail: { value: f } }))
    : [{ type: AbnormalType.ecgAbnormal, detail: { value: v.status } }];
  return { raise, recover: [] };
}
