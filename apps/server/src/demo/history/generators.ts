import {
  BloodSugarSegment,
  DataSource,
  DeviceType,
  SamplingInterval,
  dataSourcesFor,
} from '@vigil/contracts';
import type { DemoDevice } from './devices.ts';
import { demoPosition } from '../places.ts';

/** A reading as the ingest service takes it. */
export type DemoReading = {
  serial: string;
  kind: string;
  source: number;
  occur_time: number;
  values: Record<string, unknown>;
};

/** Seeded randomness so the demo history is the same on every run. */
export type Random = () => number;

const HOUR = 3600;
const DAY = 86_400;
/** Demo organisations are in Taipei: meal and sleep times are local. */
const UTC_OFFSET = 8 * HOUR;

const round = (v: number, digits = 0) => Math.round(v * 10 ** digits) / 10 ** digits;
const between = (rnd: Random, min: number, max: number) => min + (max - min) * rnd();
/** The local midnights (as unix seconds) of the days overlapping [from, to). */
function localDays(from: number, to: number): number[] {
  const first = Math.floor((from + UTC_OFFSET) / DAY) * DAY - UTC_OFFSET;
  const out: number[] = [];
  for (let d = first; d < to; d += DAY) out.push(d);
  return out;
}
const watchTypes: readonly DeviceType[] = [
  DeviceType.watchB07,
  DeviceType.watchB10,
  DeviceType.watchB20,
  DeviceType.watchG15,
  DeviceType.watchH20,
  DeviceType.chylyngWatch,
];

/** Heart rate with a daily rhythm (lower at night) and, rarely, a spike that raises an alert. */
export function heartRate(rnd: Random, t: number, spikeChance: number): number {
  const hour = ((t + UTC_OFFSET) % DAY) / HOUR;
  const base = hour < 6 || hour >= 22 ? 62 : 76;
  if (rnd() < spikeChance) return round(between(rnd, 152, 168));
  return round(base + 8 * Math.sin(t / 1700) + between(rnd, -4, 4));
}

type Span = { from: number; to: number; rnd: Random; oneMinute: boolean };

/**
 * The readings one device produces over [from, to): continuous devices at their sampling
 * interval, meters at the times people use them, sleep sensors one record a night.
 */
export function generate(device: DemoDevice, span: Span): DemoReading[] {
  const { from, to, rnd } = span;
  const out: DemoReading[] = [];
  const push = (kind: string, source: number, occur_time: number, values: Record<string, unknown>) => {
    if (occur_time >= from && occur_time < to)
      out.push({ serial: device.serial, kind, source, occur_time, values });
  };
  const every = (seconds: number, each: (t: number) => void) => {
    for (let t = Math.ceil(from / seconds) * seconds; t < to; t += seconds) each(t);
  };
  const at = (hour: number, each: (t: number) => void) =>
    localDays(from, to).forEach((d) => each(d + hour * HOUR + Math.floor(rnd() * 900)));
  const code = (interval: SamplingInterval) => dataSourcesFor(device.type, interval)[0];

  if (watchTypes.includes(device.type)) {
    const interval = span.oneMinute ? SamplingInterval.oneMinute : SamplingInterval.fiveMinutes;
    every(span.oneMinute ? 60 : 300, (t) =>
      push('heartRate', code(interval), t, { value: heartRate(rnd, t, 0.0004) }),
    );
    every(HOUR, (t) =>
      push('bloodOxygen', code(SamplingInterval.fiveMinutes), t, {
        value: rnd() < 0.01 ? 88 : round(between(rnd, 94, 99)),
      }),
    );
    // Watches record the night too: the wearable page's sleep tab and its averages read it.
    for (const day of localDays(from - DAY, to)) {
      const start = day + 22 * HOUR + Math.floor(rnd() * 5400);
      const end = start + 6 * HOUR + Math.floor(rnd() * 7200);
      push('sleep', code(SamplingInterval.fiveMinutes), start, sleepNight(rnd, start, end));
    }
    // Every kind a watch measures, so each reading page has history: HRV and steps hourly, a daily
    // walk as a sports session, and the heart / vessel health index each morning.
    every(HOUR, (t) => {
      const hour = ((t + UTC_OFFSET) % DAY) / HOUR;
      const asleep = hour < 6 || hour >= 22;
      push('hrv', code(SamplingInterval.fiveMinutes), t, { value: round(asleep ? between(rnd, 45, 75) : between(rnd, 25, 50)) });
      push('activity', code(SamplingInterval.fiveMinutes), t, {
        value: asleep ? Math.floor(between(rnd, 0, 30)) : Math.floor(between(rnd, 150, 900)),
      });
    });
    at(16, (t) => {
      const minutes = Math.floor(between(rnd, 20, 45));
      push('sports', code(SamplingInterval.fiveMinutes), t, { value: round(minutes * between(rnd, 3.5, 5)), minutes, sport: 1 });
    });
    at(9, (t) => {
      const result = rnd() < 0.08 ? 2 : rnd() < 0.4 ? 1 : 0;
      push('heartVessel', code(SamplingInterval.fiveMinutes), t, { value: round(between(rnd, 60, 95) - result * 15), result, vessel: rnd() < 0.5 });
    });
    // Battery and wearing every hour: the real-time device list shows each watch's state.
    every(HOUR, (t) => {
      push('battery', code(SamplingInterval.oneMinute), t, { level: round(100 - ((t / HOUR) % 30) * 2.5) });
      push('wearing', code(SamplingInterval.oneMinute), t, { worn: rnd() > 0.01 });
    });
    if (device.type === DeviceType.chylyngWatch && device.memberId !== null) {
      const memberId = device.memberId;
      every(600, (t) => push('location', code(SamplingInterval.oneMinute), t, demoPosition(memberId, t)));
      // One SOS press a day or two ago, where the wearer was: the patrol's log has a call to show
      // (guards receive SOS, not the care home's clinical alerts).
      const pressed = to - DAY - Math.floor(rnd() * DAY);
      const { lat, lng } = demoPosition(memberId, pressed);
      push('sos', code(SamplingInterval.oneMinute), pressed, { lat, lng });
    }
    return out;
  }
  switch (device.type) {
    case DeviceType.sleepSensor:
      for (const day of localDays(from - DAY, to)) {
        const start = day + 22 * HOUR + Math.floor(rnd() * 3600);
        const end = start + 7 * HOUR + Math.floor(rnd() * 3600);
        push('sleep', DataSource.sleepSensor1m, start, sleepNight(rnd, start, end));
        for (let t = start; t < end; t += 300)
          push('heartRate', DataSource.sleepSensor5m, t, { value: round(between(rnd, 55, 72)) });
        // Bed status every ten minutes (the sleep perception history): in bed through the night,
        // out for the day, with the rates the sensor reads while someone lies on it.
        const dayEnd = day + DAY + 22 * HOUR;
        for (let t = start; t < Math.min(dayEnd, to); t += 600) {
          const inBed = t < end;
          push('bed', DataSource.sleepSensor5s, t, {
            status: inBed ? 1 : 0,
            minutes: Math.floor((inBed ? t - start : t - end) / 60),
            ...(inBed && { heart_rate: round(between(rnd, 55, 70)), breath_rate: round(between(rnd, 12, 18)) }),
          });
        }
      }
      break;
    case DeviceType.temperaturePatch:
      every(300, (t) =>
        push('bodyTemperature', DataSource.temperaturePatch5m, t, {
          value: rnd() < 0.001 ? 38.3 : round(between(rnd, 36.2, 37.2), 1),
          volt: 3.8,
          stat: 1,
        }),
      );
      break;
    case DeviceType.pulseOximeter:
      every(300, (t) =>
        push('bloodOxygen', DataSource.pulseOximeter5m, t, {
          value: rnd() < 0.002 ? 87 : round(between(rnd, 94, 99)),
        }),
      );
      break;
    case DeviceType.bloodPressureMonitor:
    case DeviceType.foraD40g:
      for (const hour of [8, 13, 20]) {
        at(hour, (t) => {
          const high = rnd() < 0.05;
          push(
            'bloodPressure',
            device.type === DeviceType.foraD40g ? DataSource.foraD40g : DataSource.bloodPressureMonitor,
            t,
            {
              sys: round(high ? between(rnd, 145, 160) : between(rnd, 108, 134)),
              dia: round(high ? between(rnd, 92, 98) : between(rnd, 72, 86)),
              heart_rate: round(between(rnd, 60, 84)),
              afib: 0,
              hand_part: 0,
            },
          );
        });
      }
      if (device.type === DeviceType.foraD40g)
        at(7, (t) =>
          push('bloodSugar', DataSource.foraD40g, t, {
            value: round(between(rnd, 78, 98)),
            segment: BloodSugarSegment.fasting,
          }),
        );
      break;
    case DeviceType.glucometer:
      // Its continuous sensor: blood glucose every half hour, higher after meals.
      every(1800, (t) => {
        const hour = ((t + UTC_OFFSET) % DAY) / HOUR;
        const afterMeal = [8, 13, 19].some((h) => hour >= h && hour < h + 2);
        push('bloodGlucose', DataSource.glucometer, t, { value: round(afterMeal ? between(rnd, 110, 165) : between(rnd, 78, 105)) });
      });
      for (const [hour, segment, min, max] of [
        [7, BloodSugarSegment.beforeBreakfast, 75, 99],
        [14, BloodSugarSegment.afterLunch2h, 95, 150],
        [18, BloodSugarSegment.beforeDinner, 75, 104],
        [22, BloodSugarSegment.beforeSleep, 80, 98],
      ] as const) {
        at(hour, (t) =>
          push('bloodSugar', DataSource.glucometer, t, { value: round(between(rnd, min, max)), segment }),
        );
      }
      break;
    case DeviceType.thermometer:
      for (const hour of [9, 21])
        at(hour, (t) =>
          push('bodyTemperature', DataSource.thermometer, t, { value: round(between(rnd, 36.1, 37.3), 1) }),
        );
      break;
    case DeviceType.ecgPatch:
      at(10, (t) => {
        const abnormal = rnd() < 0.15;
        push('ecg', DataSource.ecgPatch5m, t, {
          status: abnormal ? 1 : 2,
          heart_rate: round(between(rnd, 62, 88)),
          ...(abnormal && { findings: ['premature'] }),
          sample_rate: 125,
          samples: ecgTrace(rnd, 125 * 10),
        });
      });
      break;
    case DeviceType.scale:
      at(7, (t) => push('weight', DataSource.scale, t, { value: round(between(rnd, 58, 60), 1) }));
      break;
    case DeviceType.multiMeter:
      at(9, (t) => push('cholesterol', DataSource.multiMeter, t, { value: round(between(rnd, 150, 215)) }));
      at(9, (t) =>
        push('uricAcid', DataSource.multiMeter, t + 120, { value: round(between(rnd, 4, 8.6), 1) }),
      );
      break;
    case DeviceType.urineOutputSensor:
      every(3 * HOUR, (t) =>
        push('urineOutput', DataSource.urineOutputSensor, t, { value: round(between(rnd, 150, 350)) }),
      );
      break;
    case DeviceType.smartCup:
      every(2 * HOUR, (t) =>
        push('drinkingWater', DataSource.smartCup, t, { value: round(between(rnd, 80, 250)) }),
      );
      break;
    case DeviceType.activityTracker:
      every(HOUR, (t) =>
        push('activity', DataSource.activityTracker, t, { value: Math.floor(between(rnd, 0, 900)) }),
      );
      break;
  }
  return out;
}

/** A night of 30–90 minute stage segments, the last left open as SPEC allows, with its summary. */
function sleepNight(rnd: Random, start: number, end: number) {
  const segments: { type: number; start_time: number; end_time: number | null }[] = [];
  const minutes = { awake: 0, light: 0, deep: 0, REM: 0 };
  const names = ['awake', 'light', 'deep', 'REM'] as const;
  let t = start;
  let stage = 1;
  while (t < end) {
    const next = Math.min(end, t + Math.floor(between(rnd, 30, 90)) * 60);
    segments.push({ type: stage, start_time: t, end_time: next >= end ? null : next });
    minutes[names[stage]] += Math.round((next - t) / 60);
    t = next;
    stage = [1, 2, 3, 1, 0][Math.floor(rnd() * 5)];
  }
  return { end_time: end, detail_obj: segments, data: minutes };
}

/** A plausible single-lead trace (millivolts): a QRS spike per beat on a small baseline wander. */
function ecgTrace(rnd: Random, length: number): number[] {
  return Array.from({ length }, (_, i) => {
    const beat = i % 100;
    const qrs = beat === 40 ? 1.2 : beat === 38 || beat === 42 ? -0.2 : 0;
    return round(qrs + 0.05 * Math.sin(i / 30) + (rnd() - 0.5) * 0.02, 3);
  });
}
