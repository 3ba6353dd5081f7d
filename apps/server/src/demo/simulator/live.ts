import { DataSource, DeviceType, SamplingInterval, dataSourcesFor } from '@vigil/contracts';
import type { DemoDevice } from '../history/devices.ts';
import { heartRate, type DemoReading, type Random } from '../history/generators.ts';
import { demoPosition } from '../places.ts';

/** One live stream of a device: a kind sent every `seconds`, aligned to that period. */
type Stream = {
  kind: string;
  seconds: number;
  make: (t: number, rnd: Random) => { source: number; values: Record<string, unknown> } | null;
};

const round = (v: number, digits = 0) => Math.round(v * 10 ** digits) / 10 ** digits;
const localHour = (t: number) => Math.floor(((t + 8 * 3600) % 86_400) / 3600);
const night = (t: number) => localHour(t) >= 22 || localHour(t) < 6;

const watchTypes: readonly DeviceType[] = [
  DeviceType.watchB07,
  DeviceType.watchB10,
  DeviceType.watchB20,
  DeviceType.watchG15,
  DeviceType.watchH20,
  DeviceType.chylyngWatch,
];

/**
 * What each device type streams in the live demo. Chances are per reading and tuned so a few
 * alerts a minute arrive across the demo world: enough to watch the bell, not a storm.
 */
export function streamsOf(device: DemoDevice): Stream[] {
  const oneMinute = dataSourcesFor(device.type, SamplingInterval.oneMinute)[0];
  if (watchTypes.includes(device.type)) {
    const streams: Stream[] = [
      {
        kind: 'heartRate',
        seconds: 60,
        make: (t, rnd) => ({ source: oneMinute, values: { value: heartRate(rnd, t, 0.01) } }),
      },
      {
        kind: 'bloodOxygen',
        seconds: 600,
        make: (_t, rnd) => ({
          source: oneMinute,
          values: { value: rnd() < 0.03 ? 88 : round(94 + 5 * rnd()) },
        }),
      },
      {
        kind: 'hrv',
        seconds: 600,
        make: (t, rnd) => ({ source: oneMinute, values: { value: round(night(t) ? 50 + 25 * rnd() : 25 + 25 * rnd()) } }),
      },
      {
        kind: 'activity',
        seconds: 600,
        make: (t, rnd) => ({ source: oneMinute, values: { value: Math.floor(night(t) ? 5 * rnd() : 50 + 150 * rnd()) } }),
      },
      {
        kind: 'battery',
        seconds: 600,
        make: (_t, rnd) => ({
          source: oneMinute,
          values: { level: rnd() < 0.02 ? 15 : round(40 + 60 * rnd()) },
        }),
      },
      {
        kind: 'wearing',
        seconds: 600,
        make: (_t, rnd) => ({ source: oneMinute, values: { worn: rnd() > 0.02 } }),
      },
    ];
    if (device.type === DeviceType.chylyngWatch && device.memberId !== null) {
      const memberId = device.memberId;
      streams.push({ kind: 'location', seconds: 60, make: (t) => ({ source: oneMinute, values: demoPosition(memberId, t) }) });
    }
    if (device.type === DeviceType.chylyngWatch) {
      streams.push({
        kind: 'sos',
        seconds: 60,
        make: (_t, rnd) =>
          rnd() < 0.002
            ? {
                source: oneMinute,
                values: { lat: round(25.03 + rnd() / 100, 5), lng: round(121.56 + rnd() / 100, 5) },
              }
            : null,
      });
    }
    return streams;
  }
  switch (device.type) {
    case DeviceType.sleepSensor:
      return [
        {
          kind: 'bed',
          seconds: 30,
          make: (t, rnd) =>
            night(t)
              ? {
                  source: DataSource.sleepSensor5s,
                  values: {
                    status: 1,
                    minutes: 60,
                    heart_rate: round(55 + 15 * rnd()),
                    breath_rate: rnd() < 0.0005 ? 0 : round(12 + 8 * rnd()),
                  },
                }
              : { source: DataSource.sleepSensor5s, values: { status: 0, minutes: 120 } },
        },
      ];
    case DeviceType.temperaturePatch:
      return [
        {
          kind: 'bodyTemperature',
          seconds: 60,
          make: (_t, rnd) => ({
            source: oneMinute,
            values: { value: rnd() < 0.005 ? 38.2 : round(36.3 + rnd(), 1), volt: 3.8, stat: 1 },
          }),
        },
      ];
    case DeviceType.glucometer:
      return [
        {
          kind: 'bloodGlucose',
          seconds: 300,
          make: (_t, rnd) => ({ source: DataSource.glucometer, values: { value: round(85 + 40 * rnd()) } }),
        },
      ];
    case DeviceType.pulseOximeter:
      return [
        {
          kind: 'bloodOxygen',
          seconds: 60,
          make: (_t, rnd) => ({
            source: oneMinute,
            values: { value: rnd() < 0.005 ? 87 : round(94 + 5 * rnd()) },
          }),
        },
      ];
    case DeviceType.spaceSentinel:
    case DeviceType.spaceFall:
      return [
        {
          kind: 'space',
          seconds: 30,
          make: (_t, rnd) => ({
            source: DataSource.spaceSensor,
            values: {
              presence: rnd() < 0.6,
              minutes: Math.floor(25 * rnd()),
              fall: device.type === DeviceType.spaceFall && rnd() < 0.001,
            },
          }),
        },
      ];
    case DeviceType.airBox:
      return [
        {
          kind: 'air',
          seconds: 60,
          make: (_t, rnd) => ({
            source: DataSource.manual,
            values: {
              pm25: round(rnd() < 0.01 ? 20 : 5 + 8 * rnd(), 1),
              co2: round(600 + 300 * rnd()),
              temperature: round(23 + 3 * rnd(), 1),
              humidity: round(50 + 15 * rnd()),
            },
          }),
        },
      ];
    case DeviceType.diaperSensor:
      return [
        {
          kind: 'diaper',
          seconds: 600,
          make: (_t, rnd) => ({ source: DataSource.diaperSensor, values: { level: rnd() < 0.05 ? 1 : 0 } }),
        },
      ];
    case DeviceType.sosButton:
      return [
        {
          kind: 'sos',
          seconds: 60,
          make: (_t, rnd) => (rnd() < 0.001 ? { source: DataSource.manual, values: {} } : null),
        },
      ];
    default:
      return [];
  }
}

/** The readings due in (since, until]: one per stream period that ended in the window. */
export function dueReadings(device: DemoDevice, since: number, until: number, rnd: Random): DemoReading[] {
  const out: DemoReading[] = [];
  for (const stream of streamsOf(device)) {
    for (
      let t = Math.floor(since / stream.seconds) * stream.seconds + stream.seconds;
      t <= until;
      t += stream.seconds
    ) {
      const made = stream.make(t, rnd);
      if (made)
        out.push({
          serial: device.serial,
          kind: stream.kind,
          source: made.source,
          occur_time: t,
          values: made.values,
        });
    }
  }
  return out;
}
