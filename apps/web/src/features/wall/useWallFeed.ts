import { useEffect } from 'react';
import { RealtimeEvent, type RealtimeRoom, realtimeAbnormal, realtimeDeviceData, realtimeRoomEvent } from '@vigil/contracts';
import { realtime } from '../realtime/index.ts';
import type { WallStore } from './store.ts';

/** The device rooms whose live data a tile shows: vitals (watches, patches, monitors), beds, rooms. */
export const wallRooms: readonly RealtimeRoom[] = ['watch', 'device_bind', 'chylyng', 'sleep', 'space'];
/** How long the snapshot waits for the rooms before it is read regardless (a server that does not answer). */
export const WALL_JOIN_WAIT_MS = 3000;

/**
 * Feeds the wall from the staff socket, the wall's only source after its snapshot: joins the
 * device rooms while the wall is open and hands every reading and alert to the store, which
 * applies them once a frame.
 */
export function useWallFeed(store: WallStore): void {
  useEffect(() => {
    const offs = wallRooms.map((room) => realtime.on(realtimeRoomEvent[room]!, realtimeDeviceData, (d) => store.pushReading(d)));
    offs.push(
      realtime.on(RealtimeEvent.abnormal, realtimeAbnormal, (a) => store.pushAlert(a, false)),
      realtime.on(RealtimeEvent.abnormalHandle, realtimeAbnormal, (a) => store.pushAlert(a, true)),
    );
    for (const room of wallRooms) realtime.joinRoom(room);
    return () => {
      for (const off of offs) off();
      for (const room of wallRooms) realtime.leaveRoom(room);
    };
  }, [store]);
}
