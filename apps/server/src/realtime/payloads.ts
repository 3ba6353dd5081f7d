import {
  type RealtimeAbnormal,
  type RealtimeDeviceData,
  isUserChannelAbnormal,
  localDayStart,
  nowUnix,
  realtimeAbnormal,
  realtimeDeviceData,
} from '@vigil/contracts';

/** The abnormal list item as broadcast; null when it fails the contract (it is then not sent). */
export function parseAbnormalPayload(payload: unknown): RealtimeAbnormal | null {
  const parsed = realtimeAbnormal.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** SPEC's user channel (`userAbnormal`, `userAbnormalHandle`): alerts of user-system devices. */
export const isUserChannel = (payload: RealtimeAbnormal): boolean => isUserChannelAbnormal(payload);

/**
 * SPEC §4: an event of the user channel is added only if it occurred today (the organisation's
 * wall-clock day). A member's own meter uploads its memory late, so an older alert is stored and
 * listed but not announced as news; its handling is still announced, so feeds drop it.
 */
export function announced(payload: RealtimeAbnormal, handled: boolean, now = nowUnix()): boolean {
  return handled || !isUserChannel(payload) || payload.occur_time >= localDayStart(now);
}

/** Live data of a device room; the room named by the domain event must match the payload's. */
export function parseDeviceData(roomName: string, payload: unknown): RealtimeDeviceData | null {
  const parsed = realtimeDeviceData.safeParse(payload);
  return parsed.success && parsed.data.room === roomName ? parsed.data : null;
}
