import type { ReadingKind, ReadingValues } from '@vigil/contracts/readings';
import { airRule } from './air.ts';
import {
  batteryRule,
  bedRule,
  diaperRule,
  fallRule,
  locationRule,
  sosRule,
  spaceRule,
  wearingRule,
} from './device-events.ts';
import { noVerdict, type RuleContext, type Verdict } from './types.ts';
import {
  bloodOxygenRule,
  bloodPressureRule,
  bloodSugarRule,
  bodyTemperatureRule,
  cholesterolRule,
  ecgRule,
  heartRateRule,
  uricAcidRule,
} from './vitals.ts';

export type { RuleContext, Verdict, Raised, StandardSet } from './types.ts';
export { parseDeviceSettings, defaultDeviceSettings, type DeviceSettings } from './settings.ts';
export * from './care.ts';

type RuleTable = { [K in ReadingKind]?: (values: ReadingValues[K], ctx: RuleContext) => Verdict };

/** The rule of each reading kind; kinds without one (weight, steps, water…) are stored only. */
const rules: RuleTable = {
  heartRate: heartRateRule,
  bloodPressure: bloodPressureRule,
  bloodOxygen: bloodOxygenRule,
  bodyTemperature: bodyTemperatureRule,
  bloodSugar: bloodSugarRule,
  cholesterol: cholesterolRule,
  uricAcid: uricAcidRule,
  ecg: ecgRule,
  sos: sosRule,
  fall: fallRule,
  battery: batteryRule,
  wearing: wearingRule,
  bed: bedRule,
  space: spaceRule,
  air: airRule,
  diaper: diaperRule,
  location: locationRule,
};

/** Evaluates one validated reading against its member's standards and its device's settings. */
export function evaluateReading<K extends ReadingKind>(
  kind: K,
  values: ReadingValues[K],
  ctx: RuleContext,
): Verdict {
  const rule = rules[kind] as ((v: ReadingValues[K], c: RuleContext) => Verdict) | undefined;
  return rule ? rule(values, ctx) : noVerdict;
}
