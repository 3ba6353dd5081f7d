import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  IndexPanelPath,
  type RealtimeRoom,
  Resource,
  RealtimeEvent,
  areaSummary,
  deviceSummary,
  personalDetail,
  realtimeAbnormal,
  realtimeDeviceData,
  realtimeRoomEvent,
  sleepDeviceSummary,
} from '@vigil/contracts';
import { request } from '../../lib/http.ts';
import { realtime } from '../realtime/index.ts';

/** The dashboard's organisation, area and role come from the profile (same cache entry as the personal page). */
export function useProfileSummary() {
  return useQuery({
    queryKey: ['personal'],
    queryFn: ({ signal }) => request(Resource.personal, { schema: personalDetail, signal }),
  });
}

type PanelPath = (typeof IndexPanelPath)[keyof typeof IndexPanelPath];
export const indexPanelKey = (path: PanelPath) => ['index-panel', path] as const;

/** A panel's figures; the panel is mounted only where its route is permitted (panels.ts). */
function usePanel<T>(path: PanelPath, schema: z.ZodType<T>) {
  return useQuery({
    queryKey: indexPanelKey(path),
    queryFn: ({ signal }) => request(path, { schema, signal }),
  });
}

export const useDeviceSummary = () => usePanel(IndexPanelPath.devices, deviceSummary);
export const useSleepDeviceSummary = () => usePanel(IndexPanelPath.sleepDevices, sleepDeviceSummary);
export const useAreaSummary = () => usePanel(IndexPanelPath.areas, areaSummary);

/** Socket events that change an alert count: raised or handled, on the staff and the user channel. */
const alertEvents = [
  RealtimeEvent.abnormal,
  RealtimeEvent.abnormalHandle,
  RealtimeEvent.userAbnormal,
  RealtimeEvent.userAbnormalHandle,
];

/** A panel refetches at most this often while packets stream in (a ward's watches report every few seconds). */
export const LIVE_PANEL_GAP_MS = 3000;

/**
 * Keeps a panel live from the socket, never by a polling timer: while mounted it joins the device
 * rooms whose data moves its figures, and a packet of theirs (or, with `alerts`, an alert raised or
 * handled) refetches the panel — at once after a quiet spell, otherwise once at the end of the
 * current gap, so a stream of packets costs one request per gap rather than one each.
 */
export function useLivePanel(
  path: PanelPath,
  options: { enabled: boolean; rooms: readonly RealtimeRoom[]; alerts?: boolean },
) {
  const queryClient = useQueryClient();
  const { enabled, alerts = false } = options;
  const rooms = options.rooms.join(',');
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const invalidate = () => {
      pending = undefined;
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: indexPanelKey(path) }, { cancelRefetch: false });
    };
    const refresh = () => {
      if (pending !== undefined) return;
      const wait = last + LIVE_PANEL_GAP_MS - Date.now();
      if (wait <= 0) invalidate();
      else pending = setTimeout(invalidate, wait);
    };
    const joined = rooms ? (rooms.split(',') as RealtimeRoom[]) : [];
    const offs = joined.flatMap((room) => {
      const event = realtimeRoomEvent[room];
      return event ? [realtime.on(event, realtimeDeviceData, refresh)] : [];
    });
    if (alerts) for (const event of alertEvents) offs.push(realtime.on(event, realtimeAbnormal, refresh));
    for (const room of joined) realtime.joinRoom(room);
    return () => {
      clearTimeout(pending);
      for (const off of offs) off();
      for (const room of joined) realtime.leaveRoom(room);
    };
  }, [queryClient, path, enabled, rooms, alerts]);
}
