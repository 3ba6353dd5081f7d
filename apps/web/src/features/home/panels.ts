import { Resource, type StaffRole, areaScopedRoles } from '@vigil/contracts';
import { hasPermission, type Session } from '../../lib/session.ts';

/**
 * SPEC §2: the index shows personal, device, sleep-device and area content "for some roles". Each
 * panel counts the rows of one page, and its summary route is guarded by that page's read
 * permission, so a panel shows exactly where the page could be opened and never meets a 403. The
 * personal panel (the greeting) reads /personal, which every role has.
 */
export const indexPanelVisible = {
  /** Worn devices: the live device state page (`device-real-time`). */
  devices: (s: Session) => hasPermission(s, 'GET', Resource.deviceBindRealTime),
  /** Sleep sensors: the sleep perception history (`device-sleep-history`). */
  sleepDevices: (s: Session) => hasPermission(s, 'GET', Resource.deviceSleepHistory),
  /** Areas: the area list. */
  areas: (s: Session) => hasPermission(s, 'GET', Resource.area),
} as const;
export type IndexPanel = keyof typeof indexPanelVisible;

/** The panels this session may see, in page order. */
export function visiblePanels(session: Session): IndexPanel[] {
  return (Object.keys(indexPanelVisible) as IndexPanel[]).filter((panel) =>
    indexPanelVisible[panel](session),
  );
}

/**
 * Device rooms are joined per organisation, or per area for area-scoped roles (server
 * realtime/rooms.ts `liveRooms`): an area-scoped role without an area joins nothing, so the live
 * tab would stay empty for good and the panels do not ask.
 */
export const mayWatchDeviceRooms = (session: Session): boolean =>
  session.token !== null &&
  !(areaScopedRoles.has(session.role as StaffRole) && (session.user?.area_id ?? null) === null);
