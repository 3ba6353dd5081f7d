import {
  AbnormalStoreCategory,
  type DeviceType,
  type RealtimeAbnormal,
  deviceTypeStoreCategory,
  toUnix,
} from '@vigil/contracts';

/**
 * The client-side abnormal store of SPEC §3 and its lifecycle of §4, as pure functions over an
 * immutable state: indexed by abnormal id, bind id and area id; one list per store category; a
 * total count. The bell, the feed and the sound all read this one state.
 */
export type AbnormalStoreState = {
  byId: Readonly<Record<number, RealtimeAbnormal>>;
  /** Abnormal ids per device binding (SPEC "bind id"), for alerts of bound devices. */
  byBind: Readonly<Record<number, readonly number[]>>;
  /** Abnormal ids per area. */
  byArea: Readonly<Record<number, readonly number[]>>;
  /** Abnormal ids per category, newest first. */
  lists: Readonly<Record<AbnormalStoreCategory, readonly number[]>>;
  total: number;
};

export const storeCategories = Object.values(AbnormalStoreCategory) as AbnormalStoreCategory[];
const categorySet: ReadonlySet<string> = new Set(storeCategories);

function emptyLists(): Record<AbnormalStoreCategory, number[]> {
  return Object.fromEntries(storeCategories.map((c) => [c, []])) as unknown as Record<AbnormalStoreCategory, number[]>;
}

export const emptyAbnormalStore: AbnormalStoreState = Object.freeze({
  byId: {},
  byBind: {},
  byArea: {},
  lists: emptyLists(),
  total: 0,
});

/**
 * SPEC §3 device type -> list. A source that names its list (a device room) is used as it is; a
 * member alert without a device, or a user-system alert, goes by its device type when it has one
 * and otherwise to the device-bind list, which holds every other alert.
 */
export function categoryOf(item: Pick<RealtimeAbnormal, 'source'>): AbnormalStoreCategory {
  if (categorySet.has(item.source.type)) return item.source.type as AbnormalStoreCategory;
  const device = item.source.device;
  if (device && device.type in deviceTypeStoreCategory) return deviceTypeStoreCategory[device.type as DeviceType];
  return AbnormalStoreCategory.deviceBind;
}

const bindOf = (item: RealtimeAbnormal): number | null => (item.source.device ? item.source.id : null);
const areaOf = (item: RealtimeAbnormal): number | null => item.source.area?.id ?? null;

/** Newest first; ties by id so the order is stable. */
function newestFirst(byId: Record<number, RealtimeAbnormal>) {
  return (a: number, b: number) => byId[b].occur_time - byId[a].occur_time || b - a;
}

function without(index: Readonly<Record<number, readonly number[]>>, key: number | null, id: number) {
  if (key === null || !index[key]) return index;
  const rest = index[key].filter((x) => x !== id);
  const next = { ...index };
  if (rest.length) next[key] = rest;
  else delete next[key];
  return next;
}

function withId(index: Readonly<Record<number, readonly number[]>>, key: number | null, id: number) {
  if (key === null) return index;
  const current = index[key] ?? [];
  return current.includes(id) ? index : { ...index, [key]: [...current, id] };
}

function removeOne(state: AbnormalStoreState, id: number): AbnormalStoreState {
  const old = state.byId[id];
  if (!old) return state;
  const byId = { ...state.byId };
  delete byId[id];
  const category = categoryOf(old);
  return {
    byId,
    byBind: without(state.byBind, bindOf(old), id),
    byArea: without(state.byArea, areaOf(old), id),
    lists: { ...state.lists, [category]: state.lists[category].filter((x) => x !== id) },
    total: state.total - 1,
  };
}

/**
 * SPEC §4: a new or updated event pushed by the staff channel is added (an update replaces the
 * stored copy, wherever it moved); an event that arrives handled is removed instead. An escalated
 * copy keeps its mark when a later update arrives without it.
 */
export function upsertAbnormal(state: AbnormalStoreState, item: RealtimeAbnormal): AbnormalStoreState {
  if (item.is_handle) return removeOne(state, item.id);
  const previous = state.byId[item.id];
  const base = previous ? removeOne(state, item.id) : state;
  const stored: RealtimeAbnormal = previous?.escalated && !item.escalated ? { ...item, escalated: true } : item;
  const byId = { ...base.byId, [item.id]: stored };
  const category = categoryOf(stored);
  return {
    byId,
    byBind: withId(base.byBind, bindOf(stored), item.id),
    byArea: withId(base.byArea, areaOf(stored), item.id),
    lists: { ...base.lists, [category]: [...base.lists[category], item.id].sort(newestFirst(byId)) },
    total: base.total + 1,
  };
}

/** SPEC §4: a handled event is removed and the count drops. */
export function removeAbnormal(state: AbnormalStoreState, item: Pick<RealtimeAbnormal, 'id'>): AbnormalStoreState {
  return removeOne(state, item.id);
}

/** Whether an occur_time (unix seconds) falls on the viewer's current calendar day. */
export function occurredToday(occurTime: number, now: Date = new Date()): boolean {
  const start = toUnix(new Date(now.getFullYear(), now.getMonth(), now.getDate()));
  return occurTime >= start && occurTime < start + 86_400;
}

/** SPEC §4: an event from the user channel is added only if it occurred today. */
export function upsertUserAbnormal(state: AbnormalStoreState, item: RealtimeAbnormal, now: Date = new Date()): AbnormalStoreState {
  if (!item.is_handle && !occurredToday(item.occur_time, now)) return state;
  return upsertAbnormal(state, item);
}

/** SPEC §4: the initial list (a date range, unhandled) replaces the store. */
export function replaceAbnormals(items: readonly RealtimeAbnormal[]): AbnormalStoreState {
  return items.reduce(upsertAbnormal, emptyAbnormalStore);
}

/** Every stored event, newest first, optionally one category only. */
export function selectAbnormals(state: AbnormalStoreState, category?: AbnormalStoreCategory): RealtimeAbnormal[] {
  const ids = category ? state.lists[category] : storeCategories.flatMap((c) => state.lists[c]);
  const items = ids.map((id) => state.byId[id]);
  return category ? items : items.sort((a, b) => b.occur_time - a.occur_time || b.id - a.id);
}
