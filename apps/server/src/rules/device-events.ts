import { AbnormalType, DeviceType, compareWithStandard, distanceMetres } from '@vigil/contracts';
import type { ReadingValues } from '@vigil/contracts/readings';
import { bedHeartRate } from './vitals.ts';
import { mergeVerdicts, noVerdict, verdictOf, type Raised, type RuleContext, type Verdict } from './types.ts';

const patches: readonly DeviceType[] = [DeviceType.temperaturePatch, DeviceType.ecgPatch];

/** Watches, patches and the 4G watch each have their own battery and wearing types (SPEC §3). */
function byDevice(
  ctx: RuleContext,
  types: { watch: AbnormalType; patch: AbnormalType; iot: AbnormalType },
): AbnormalType {
  if (ctx.deviceType === DeviceType.chylyngWatch) return types.iot;
  return patches.includes(ctx.deviceType) ? types.patch : types.watch;
}

/** SPEC §3 detail positions are strings. */
function position(v: { lat?: number; lng?: number }) {
  return v.lat !== undefined && v.lng !== undefined ? { lat: String(v.lat), lng: String(v.lng) } : {};
}

export function sosRule(v: ReadingValues['sos'], ctx: RuleContext): Verdict {
  const type = ctx.deviceType === DeviceType.chylyngWatch ? AbnormalType.iotSos : AbnormalType.sos;
  return { raise: [{ type, detail: position(v) }], recover: [] };
}

export function fallRule(v: ReadingValues['fall'], ctx: RuleContext): Verdict {
  let type: AbnormalType = AbnormalType.wearableFall;
  if (ctx.deviceType === DeviceType.chylyngWatch) type = AbnormalType.iotFall;
  if (ctx.deviceType === DeviceType.spaceFall || ctx.deviceType === DeviceType.spaceSentinel)
    type = AbnormalType.fall;
  return { raise: [{ type, detail: position(v) }], recover: [] };
}

/** Low battery at or below the device's limit (default 20 %). */
export function batteryRule(v: ReadingValues['battery'], ctx: RuleContext): Verdict {
  const type = byDevice(ctx, {
    watch: AbnormalType.watchLowBattery,
    patch: AbnormalType.patchLowBattery,
    iot: AbnormalType.iotLowBattery,
  });
  const limit = ctx.settings.lowBatteryPercent;
  return verdictOf([type], v.level <= limit ? [{ type, detail: { value: v.level, standard: limit } }] : []);
}

export function wearingRule(v: ReadingValues['wearing'], ctx: RuleContext): Verdict {
  const type = byDevice(ctx, {
    watch: AbnormalType.watchNotWorn,
    patch: AbnormalType.patchNotWorn,
    iot: AbnormalType.iotNotWorn,
  });
  return verdictOf([type], v.worn ? [] : [{ type, detail: null }]);
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

/**
 * Where a reading falls in a daily local window from startHour to endHour (wrapping midnight;
 * equal hours mean the whole day): minutes since the window opened and the local day number
 * (days since 1970-01-01) it opened on, or null outside the window. Start is inside, end is not.
 */
export function localWindow(
  occurTime: number,
  utcOffsetMinutes: number,
  startHour: number,
  endHour: number,
): { into: number; openedOnDay: number } | null {
  const localMinutes = Math.floor(occurTime / 60) + utcOffsetMinutes;
  const start = startHour * 60;
  const length = mod(endHour - startHour, 24) * 60 || 1440;
  const into = mod(mod(localMinutes, 1440) - start, 1440);
  if (into >= length) return null;
  return { into, openedOnDay: Math.floor((localMinutes - into) / 1440) };
}

/** Minutes since tonight's window opened at the reading's local time, or null outside the window. */
export function minutesIntoNight(ctx: RuleContext): number | null {
  const { utcOffsetMinutes, nightStartHour, nightEndHour } = ctx.settings;
  return localWindow(ctx.occurTime, utcOffsetMinutes, nightStartHour, nightEndHour)?.into ?? null;
}

/**
 * Whether a sentinel-mode room is guarded at the reading's local time, from the intrusion schedule
 * the space sensor page stores: a listed weekday's window, which runs past midnight into the next
 * morning when it wraps (Friday 22:00–06:00 still guards Saturday 05:59, and a Saturday-morning
 * reading is not guarded by Saturday's own evening window). 1970-01-01 was a Thursday (4).
 */
export function intrusionGuarded(ctx: RuleContext): boolean {
  const s = ctx.settings;
  if (s.mode !== 'sentinel' || !s.intrusionDays.length) return false;
  const window = localWindow(ctx.occurTime, s.utcOffsetMinutes, s.intrusionStartHour, s.intrusionEndHour);
  return window !== null && s.intrusionDays.includes(mod(window.openedOnDay + 4, 7));
}

/**
 * Sleep sensor status. During the night window a member out of bed since before the window opened
 * (`minutes` ≥ minutes into the night) has "not gone to bed" once the grace has passed; one who was
 * in bed tonight and got up is "out of bed too long" after the limit. In bed, the heart and
 * breathing rates are checked.
 */
export function bedRule(v: ReadingValues['bed'], ctx: RuleContext): Verdict {
  const s = ctx.settings;
  const presence: Raised[] = [];
  const night = minutesIntoNight(ctx);
  if (v.status === 0 && night !== null) {
    if (v.minutes >= night) {
      if (night >= s.notInBedMinutes)
        presence.push({
          type: AbnormalType.notInBed,
          detail: { minute: night, standard: s.notInBedMinutes },
        });
    } else if (v.minutes >= s.outOfBedMinutes) {
      presence.push({
        type: AbnormalType.outOfBedTooLong,
        detail: { minute: v.minutes, standard: s.outOfBedMinutes },
      });
    }
  }
  const presenceVerdict = verdictOf([AbnormalType.notInBed, AbnormalType.outOfBedTooLong], presence);
  if (v.status === 0) return presenceVerdict;
  return mergeVerdicts(
    presenceVerdict,
    v.heart_rate === undefined ? noVerdict : bedHeartRate(v.heart_rate, ctx),
    v.breath_rate === undefined && v.apnea_seconds === undefined
      ? noVerdict
      : breathRule(v.breath_rate, v.apnea_seconds, ctx),
  );
}

/**
 * Breathing in bed. "No breathing" follows the sleep sensor page's `noBreathSeconds` when the
 * sensor reports how long it has gone without a breath (`apnea_seconds`, alerting at the limit).
 * A sensor that reports only a rate of 0 has seen no breath in a whole reporting interval, which
 * is at least as long as it can resolve: that alerts, whatever the setting, rather than waiting
 * for a figure the sensor never sends.
 */
export function breathRule(rate: number | undefined, apneaSeconds: number | undefined, ctx: RuleContext): Verdict {
  const family = [AbnormalType.noBreathing, AbnormalType.breathingSlow, AbnormalType.breathingFast];
  const { breathMin, breathMax, noBreathSeconds } = ctx.settings;
  if (apneaSeconds !== undefined && apneaSeconds >= noBreathSeconds)
    return verdictOf(family, [
      { type: AbnormalType.noBreathing, detail: { value: apneaSeconds, standard: noBreathSeconds } },
    ]);
  if (rate === 0 && apneaSeconds === undefined)
    return verdictOf(family, [{ type: AbnormalType.noBreathing, detail: { value: 0, standard: breathMin } }]);
  // A pause shorter than the limit, or no rate at all, says nothing about slow or fast breathing.
  if (rate === undefined || rate === 0) return noVerdict;
  const verdict = compareWithStandard(rate, { min: breathMin, max: breathMax });
  if (verdict === 'low')
    return verdictOf(family, [
      { type: AbnormalType.breathingSlow, detail: { value: rate, standard: breathMin } },
    ]);
  if (verdict === 'high')
    return verdictOf(family, [
      { type: AbnormalType.breathingFast, detail: { value: rate, standard: breathMax } },
    ]);
  return verdictOf(family, []);
}

/** Space sensor: a fall, anyone in a room guarded at that moment (sentinel schedule), or a stay over the limit. */
export function spaceRule(v: ReadingValues['space'], ctx: RuleContext): Verdict {
  const s = ctx.settings;
  const raise: Raised[] = [];
  if (v.fall) raise.push({ type: AbnormalType.fall, detail: null });
  // Like SOS, a call for help is never recovered by a later reading: staff close it.
  if (v.alert) raise.push({ type: AbnormalType.alertPerson, detail: null });
  if (v.presence && intrusionGuarded(ctx))
    raise.push({ type: AbnormalType.intrusion, detail: null });
  if (v.presence && v.minutes !== undefined && v.minutes >= s.stayMinutes) {
    raise.push({ type: AbnormalType.stayedTooLong, detail: { minute: v.minutes, standard: s.stayMinutes } });
  }
  // A fall is not in the family: a later empty room must not close it before staff see it.
  return verdictOf([AbnormalType.intrusion, AbnormalType.stayedTooLong], raise);
}

export function diaperRule(v: ReadingValues['diaper']): Verdict {
  const family = [AbnormalType.diaperWet, AbnormalType.diaperSoaked];
  if (v.level === 2)
    return verdictOf(family, [{ type: AbnormalType.diaperSoaked, detail: { value: v.level } }]);
  if (v.level === 1) return verdictOf(family, [{ type: AbnormalType.diaperWet, detail: { value: v.level } }]);
  return verdictOf(family, []);
}

/**
 * A location watch's position: outside the member's safe zone raises "left safe zone" (101) with
 * the position, distance and radius; back inside recovers it, so one walk out is one alert. A
 * wearer still for `inactiveMinutes` (120 by default) outside the night window raises "inactive"
 * (102) until they move; at night stillness is sleep, so it is not judged either way.
 */
export function locationRule(v: ReadingValues['location'], ctx: RuleContext): Verdict {
  const raise: Raised[] = [];
  const zone = ctx.safeZone;
  const family: AbnormalType[] = [AbnormalType.iotInactive];
  if (zone) {
    family.push(AbnormalType.iotLeftSafeZone);
    const distance = distanceMetres(zone, v);
    if (distance > zone.radius)
      raise.push({
        type: AbnormalType.iotLeftSafeZone,
        detail: { ...position(v), value: Math.round(distance), standard: zone.radius },
      });
  }
  const limit = ctx.settings.inactiveMinutes;
  const judged = v.still_minutes !== undefined && minutesIntoNight(ctx) === null;
  if (judged && v.still_minutes! >= limit)
    raise.push({ type: AbnormalType.iotInactive, detail: { ...position(v), minute: v.still_minutes, standard: limit } });
  // Without a still figure (or at night) the reading says nothing about inactivity.
  return verdictOf(judged ? family : family.filter((t) => t !== AbnormalType.iotInactive), raise);
}
