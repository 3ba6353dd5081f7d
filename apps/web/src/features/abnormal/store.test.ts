import { describe, expect, it } from 'vitest';
import { type RealtimeAbnormal, toUnix } from '@vigil/contracts';
import {
  categoryOf,
  emptyAbnormalStore,
  removeAbnormal,
  replaceAbnormals,
  selectAbnormals,
  upsertAbnormal,
  upsertUserAbnormal,
} from './store.ts';

const now = new Date(2026, 10, 22, 15, 0, 0);
const today = toUnix(new Date(2026, 10, 22, 9, 0, 0));
const yesterday = today - 86_400;

function item(id: number, o: Partial<RealtimeAbnormal> & { deviceType?: number | null; sourceType?: RealtimeAbnormal['source']['type']; areaId?: number; bindId?: number } = {}): RealtimeAbnormal {
  const deviceType = o.deviceType === undefined ? 0 : o.deviceType;
  return {
    id,
    type: 0,
    category: 0,
    occur_time: o.occur_time ?? today + id,
    detail: null,
    is_handle: o.is_handle ?? false,
    is_follow: false,
    source: {
      type: o.sourceType ?? 'sleep',
      id: o.bindId ?? 50 + id,
      user: { id: 1, name: 'Chen' },
      area: { id: o.areaId ?? 1, name: 'East' },
      device: deviceType === null ? null : { type: deviceType, id: 9, name: null },
    },
    handle: null,
    created_at: today,
    updated_at: today,
    escalated: o.escalated,
  };
}

describe('abnormal store', () => {
  it('indexes a new event by id, bind id, area and category, and counts it', () => {
    const s = upsertAbnormal(emptyAbnormalStore, item(1, { bindId: 70, areaId: 3 }));
    expect(s.total).toBe(1);
    expect(s.byId[1].id).toBe(1);
    expect(s.byBind[70]).toEqual([1]);
    expect(s.byArea[3]).toEqual([1]);
    expect(s.lists.sleep).toEqual([1]);
  });

  it('replaces an updated event instead of adding it twice, moving it between indexes', () => {
    let s = upsertAbnormal(emptyAbnormalStore, item(1, { areaId: 3 }));
    s = upsertAbnormal(s, { ...item(1, { areaId: 4 }), is_follow: true });
    expect(s.total).toBe(1);
    expect(s.byId[1].is_follow).toBe(true);
    expect(s.byArea[3]).toBeUndefined();
    expect(s.byArea[4]).toEqual([1]);
  });

  it('removes a handled event and the count drops', () => {
    let s = replaceAbnormals([item(1), item(2)]);
    s = removeAbnormal(s, { id: 1 });
    expect(s.total).toBe(1);
    expect(s.byId[1]).toBeUndefined();
    expect(s.lists.sleep).toEqual([2]);
    expect(Object.values(s.byBind).flat()).toEqual([2]);
  });

  it('treats an event pushed already handled as a removal', () => {
    const s = upsertAbnormal(replaceAbnormals([item(1)]), item(1, { is_handle: true }));
    expect(s.total).toBe(0);
  });

  it('adds user-channel events only if they occurred today', () => {
    let s = upsertUserAbnormal(emptyAbnormalStore, item(1, { occur_time: yesterday }), now);
    expect(s.total).toBe(0);
    s = upsertUserAbnormal(s, item(2, { occur_time: today }), now);
    expect(s.total).toBe(1);
  });

  it('lets the initial list replace whatever the store held', () => {
    const s = replaceAbnormals([item(5), item(6)]);
    expect(replaceAbnormals([item(7)]).total).toBe(1);
    expect(s.total).toBe(2);
  });

  it('maps device types to SPEC lists', () => {
    expect(categoryOf(item(1, { sourceType: 'space', deviceType: 2 }))).toBe('space');
    expect(categoryOf(item(1, { sourceType: 'member', deviceType: 5 }))).toBe('watch');
    expect(categoryOf(item(1, { sourceType: 'user_system', deviceType: 9 }))).toBe('chylyng');
    expect(categoryOf(item(1, { sourceType: 'user_system', deviceType: 10 }))).toBe('diaper');
    expect(categoryOf(item(1, { sourceType: 'member', deviceType: null }))).toBe('device_bind');
  });

  it('lists newest first and keeps the escalation mark across updates', () => {
    let s = replaceAbnormals([item(1, { occur_time: today }), item(2, { occur_time: today + 60 })]);
    expect(selectAbnormals(s).map((x) => x.id)).toEqual([2, 1]);
    s = upsertAbnormal(s, item(1, { occur_time: today, escalated: true }));
    s = upsertAbnormal(s, item(1, { occur_time: today }));
    expect(s.byId[1].escalated).toBe(true);
  });

  it('is emptied to the initial state', () => {
    expect(replaceAbnormals([])).toEqual(emptyAbnormalStore);
  });
});
