import {
  type RealtimeAbnormal,
  type RealtimeDeviceData,
  isUserChannelAbnormal,
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

/** Live data of a device room; the room named by the domain event must match the payload's. */
export function parseDeviceData(roomName: string, payload: unknown): RealtimeDeviceData | null {
  const parsed = realtimeDeviceData.safeParse(payload);
  return parsed.success && parsed.data.room === roomName ? parsed.data : null;
}
