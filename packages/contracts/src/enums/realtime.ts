/** ARCHITECTURE "Real time": the Socket.IO namespace staff connect to. */
export const REALTIME_NAMESPACE = '/staff';

/** SPEC §3: control events of the real-time socket. */
export const RealtimeControlEvent = {
  join: 'join',
  leave: 'leave',
  login: 'login',
  logout: 'logout',
  joinRealtimeRoom: 'join_realtime_room',
  leaveRealtimeRoom: 'leave_realtime_room',
} as const;
export type RealtimeControlEvent = (typeof RealtimeControlEvent)[keyof typeof RealtimeControlEvent];

/** SPEC §3: device rooms a client joins by name with `join_realtime_room`. */
export const RealtimeRoom = {
  sleep: 'sleep',
  space: 'space',
  air: 'air',
  watch: 'watch',
  deviceBind: 'device_bind',
  chylyng: 'chylyng',
  diaper: 'diaper',
} as const;
export type RealtimeRoom = (typeof RealtimeRoom)[keyof typeof RealtimeRoom];
export const realtimeRooms = Object.values(RealtimeRoom) as RealtimeRoom[];

/**
 * SPEC §3: server-to-client events, spelled exactly as SPEC does — including the misspelt
 * `abnoramlHandle`, which clients already listen for.
 */
export const RealtimeEvent = {
  abnormal: 'abnormal',
  abnormalHandle: 'abnoramlHandle',
  userAbnormal: 'userAbnormal',
  userAbnormalHandle: 'userAbnormalHandle',
  sleepRealTime: 'sleepRealTime',
  spaceRealTime: 'spaceRealTime',
  airRealTime: 'airRealTime',
  watchRealTime: 'watchRealTime',
  chylyngRealTime: 'chylyngRealTime',
  deviceBind: 'deviceBind',
  connection: 'connection',
} as const;
export type RealtimeEvent = (typeof RealtimeEvent)[keyof typeof RealtimeEvent];

/** The live-data event carried in each device room (the device-bind room carries `deviceBind`). */
export const realtimeRoomEvent: Record<RealtimeRoom, RealtimeEvent | null> = {
  sleep: RealtimeEvent.sleepRealTime,
  space: RealtimeEvent.spaceRealTime,
  air: RealtimeEvent.airRealTime,
  watch: RealtimeEvent.watchRealTime,
  device_bind: RealtimeEvent.deviceBind,
  chylyng: RealtimeEvent.chylyngRealTime,
  diaper: null,
};
