import type { RealtimeDeviceData } from '@vigil/contracts';

/** Devices shown at most in a live panel: a room of a large home stays readable and cheap. */
export const LIVE_DEVICE_LIMIT = 60;

/**
 * The latest reading per device, most recently updated first. A late packet (older than what is
 * shown) never replaces a newer one.
 */
export function mergeReading(list: readonly RealtimeDeviceData[], next: RealtimeDeviceData): RealtimeDeviceData[] {
  const existing = list.find((d) => d.device.id === next.device.id);
  if (existing && existing.occur_time > next.occur_time) return list as RealtimeDeviceData[];
  return [next, ...list.filter((d) => d.device.id !== next.device.id)].slice(0, LIVE_DEVICE_LIMIT);
}
