import type { RealtimeAbnormal, RealtimeDeviceData, WallMember } from '@vigil/contracts';

/** Test data of the wall's tests: members, live readings and alerts as the server sends them. */
export const T = 1_767_225_600;

export const wallMember = (id: number, name: string, patch: Partial<WallMember> = {}): WallMember => ({
  id,
  name,
  area_id: 1,
  area_name: 'East wing',
  room: null,
  bed: null,
  heart_rate: { value: 70, time: T },
  blood_oxygen: null,
  body_temperature: null,
  blood_pressure: null,
  device: { id: 100 + id, type: 5, online: true, last_seen_at: T, battery: 90, worn: true },
  bed_state: null,
  alerts: [],
  ...patch,
});

export const reading = (member: number, values: RealtimeDeviceData['values'], occur_time = T + 60): RealtimeDeviceData => ({
  room: 'watch',
  device: { id: 100 + member, type: 5, name: null },
  member: { id: member, name: `M${member}` },
  area: { id: 1, name: 'East wing' },
  occur_time,
  values,
});

export const alert = (id: number, member: number, type: number, occur_time = T + 30, is_handle = false): RealtimeAbnormal => ({
  id,
  type,
  category: 0,
  occur_time,
  detail: null,
  is_handle,
  is_follow: false,
  source: { type: 'watch', id: 1, user: { id: member, name: `M${member}` }, area: { id: 1, name: 'East wing' }, device: { type: 5, id: 100 + member, name: null } },
  handle: null,
  created_at: occur_time,
  updated_at: occur_time,
});

