import {
  AbnormalType,
  type RealtimeAbnormal,
  type RealtimeDeviceData,
  type WallMember,
  type WallSnapshot,
  alertPriorityRank,
} from '@vigil/contracts';
import { topPriority } from './priority.ts';

/**
 * The live wall's tiles, outside React. Socket packets arrive far faster than frames (2,000 a
 * second for 200 members), so they are queued and applied once per animation frame; each tile
 * subscribes to its own member, so a frame re-renders only the tiles whose member changed, and
 * the grid itself re-renders only when the order changes (an alert opened or closed).
 */

type Listener = () => void;
type Update =
  { kind: 'reading'; data: RealtimeDeviceData } | { kind: 'alert'; item: RealtimeAbnormal; handled: boolean };
export type Schedule = (flush: () => void) => void;
/** Packets held for the next frame at most (five seconds at 2,000 a second). */
const MAX_QUEUED = 10_000;
export type WallView = { order: readonly number[]; openAlerts: number };

/**
 * Open alerts first, the highest priority of a tile's open alerts before lower ones (then the most
 * recently raised first), then by area and name as the server sent them.
 */
function compareTiles(a: WallMember, b: WallMember, rank: ReadonlyMap<number, number>): number {
  const pa = topPriority(a.alerts);
  const pb = topPriority(b.alerts);
  if (pa !== pb) return (pb === null ? 0 : alertPriorityRank[pb]) - (pa === null ? 0 : alertPriorityRank[pa]);
  const ta = a.alerts[0]?.occur_time ?? -1;
  const tb = b.alerts[0]?.occur_time ?? -1;
  if (ta < 0 !== tb < 0) return ta < 0 ? 1 : -1;
  if (ta !== tb) return tb - ta;
  return (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0);
}

const newer = (time: number, current: { time: number } | null) => current === null || time >= current.time;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A reading applied to a member's tile; the same tile when it changes nothing (a late packet). */
export function applyReading(tile: WallMember, d: RealtimeDeviceData): WallMember {
  const v = d.values;
  const t = d.occur_time;
  let next = tile;
  const set = (patch: Partial<WallMember>) => (next = { ...next, ...patch });
  switch (v.kind) {
    case 'heartRate':
      if (num(v.value) !== null && newer(t, tile.heart_rate))
        set({ heart_rate: { value: num(v.value)!, time: t } });
      break;
    case 'bloodOxygen':
      if (num(v.value) !== null && newer(t, tile.blood_oxygen))
        set({ blood_oxygen: { value: num(v.value)!, time: t } });
      break;
    case 'bodyTemperature':
      if (num(v.value) !== null && newer(t, tile.body_temperature))
        set({ body_temperature: { value: num(v.value)!, time: t } });
      break;
    case 'bloodPressure':
      if (num(v.sys) !== null && num(v.dia) !== null && newer(t, tile.blood_pressure))
        set({ blood_pressure: { sys: num(v.sys)!, dia: num(v.dia)!, time: t } });
      break;
    case 'bed':
      if (num(v.status) !== null && newer(t, tile.bed_state))
        set({ bed_state: { in_bed: v.status === 1, time: t, source: 'sleep' } });
      break;
    case 'space':
      if (typeof v.presence === 'boolean' && newer(t, tile.bed_state))
        set({ bed_state: { in_bed: v.presence, time: t, source: 'space' } });
      break;
  }
  // The tile follows the device it shows (or adopts the first one heard from when it had none).
  const device = next.device;
  if (device === null || device.id === d.device.id) {
    const base = device ?? {
      id: d.device.id,
      type: d.device.type,
      online: true,
      last_seen_at: null,
      battery: null,
      worn: null,
    };
    const seen = base.last_seen_at === null || t >= base.last_seen_at;
    const battery = v.kind === 'battery' && seen && num(v.level) !== null ? num(v.level) : base.battery;
    const worn = v.kind === 'wearing' && seen && typeof v.worn === 'boolean' ? v.worn : base.worn;
    const lastSeen = seen ? t : base.last_seen_at;
    if (
      device === null ||
      !base.online ||
      battery !== base.battery ||
      worn !== base.worn ||
      lastSeen !== base.last_seen_at
    )
      set({ device: { ...base, online: true, battery, worn, last_seen_at: lastSeen } });
  }
  return next;
}

type Timed = { time: number } | null;
const later = <V extends Timed>(fresh: V, live: V): V =>
  live !== null && (fresh === null || live.time > fresh.time) ? live : fresh;

/**
 * A snapshot's member with what the socket brought newer than it. Open alerts are the snapshot's:
 * the server's list at the moment of reading, which already holds every alert raised before it.
 */
export function keepNewer(fresh: WallMember, live: WallMember | undefined): WallMember {
  if (!live) return fresh;
  const device =
    live.device &&
    fresh.device &&
    live.device.id === fresh.device.id &&
    (live.device.last_seen_at ?? 0) > (fresh.device.last_seen_at ?? 0)
      ? live.device
      : fresh.device;
  return {
    ...fresh,
    heart_rate: later(fresh.heart_rate, live.heart_rate),
    blood_oxygen: later(fresh.blood_oxygen, live.blood_oxygen),
    body_temperature: later(fresh.body_temperature, live.body_temperature),
    blood_pressure: later(fresh.blood_pressure, live.blood_pressure),
    bed_state: later(fresh.bed_state, live.bed_state),
    device,
  };
}

/** An alert raised (kept open, newest first) or handled or recovered (removed). */
export function applyAlert(tile: WallMember, item: RealtimeAbnormal, handled: boolean): WallMember {
  const others = tile.alerts.filter((a) => a.id !== item.id);
  const open = !handled && !item.is_handle;
  let next: WallMember = tile;
  if (open) {
    next = {
      ...tile,
      alerts: [...others, { id: item.id, type: item.type, occur_time: item.occur_time }].sort(
        (a, b) => b.occur_time - a.occur_time || b.id - a.id,
      ),
    };
  } else if (others.length !== tile.alerts.length) {
    next = { ...tile, alerts: others };
  }
  // "Device offline" is the server's verdict that the worn device went quiet: the tile says so.
  if (
    open &&
    (item.type === AbnormalType.deviceOffline || item.type === AbnormalType.iotOffline) &&
    next.device &&
    item.source.device?.id === next.device.id
  ) {
    next = { ...next, device: { ...next.device, online: false } };
  }
  return next;
}

export class WallStore {
  private tiles = new Map<number, WallMember>();
  private rank = new Map<number, number>();
  private view: WallView = { order: [], openAlerts: 0 };
  private queue: Update[] = [];
  private scheduled = false;
  private tileListeners = new Map<number, Set<Listener>>();
  private orderListeners = new Set<Listener>();
  /** Server clock minus this browser's clock, in seconds, so ages count from the server's time. */
  skew = 0;

  constructor(private readonly schedule: Schedule = (flush) => requestAnimationFrame(flush)) {}

  /**
   * Takes a snapshot as the tiles. A value the socket brought while it was read, newer than the
   * snapshot's, is kept, and packets still queued apply on top of it: a snapshot never rewinds a
   * tile, so it can be read again (after a reconnect) at any moment.
   */
  load(snapshot: WallSnapshot, now = Date.now()): void {
    this.skew = snapshot.server_time - Math.floor(now / 1000);
    const live = this.tiles;
    this.tiles = new Map(snapshot.members.map((m) => [m.id, keepNewer(m, live.get(m.id))]));
    this.rank = new Map(snapshot.members.map((m, i) => [m.id, i]));
    this.reorder();
    for (const set of this.tileListeners.values()) for (const l of set) l();
  }

  /** Queues a live reading; it reaches the tile in the next frame. */
  pushReading(data: RealtimeDeviceData): void {
    if (data.member === null || !this.tiles.has(data.member.id)) return;
    this.enqueue({ kind: 'reading', data });
  }

  pushAlert(item: RealtimeAbnormal, handled: boolean): void {
    const member = item.source.user?.id;
    if (member === undefined || !this.tiles.has(member)) return;
    this.enqueue({ kind: 'alert', item, handled });
  }

  /** Applies everything queued since the last frame and tells only the changed tiles. */
  flush = (): void => {
    this.scheduled = false;
    const queue = this.queue;
    this.queue = [];
    const changed = new Set<number>();
    let alertsChanged = false;
    for (const u of queue) {
      const id = u.kind === 'reading' ? u.data.member!.id : u.item.source.user!.id;
      const tile = this.tiles.get(id);
      if (!tile) continue;
      const next = u.kind === 'reading' ? applyReading(tile, u.data) : applyAlert(tile, u.item, u.handled);
      if (next === tile) continue;
      if (next.alerts !== tile.alerts) alertsChanged = true;
      this.tiles.set(id, next);
      changed.add(id);
    }
    if (alertsChanged) this.reorder();
    for (const id of changed) for (const l of this.tileListeners.get(id) ?? []) l();
  };

  get = (id: number): WallMember | undefined => this.tiles.get(id);
  /** The grid's order and the open alert count: replaced only when either changes. */
  getView = (): WallView => this.view;

  subscribeTile(id: number, listener: Listener): () => void {
    let set = this.tileListeners.get(id);
    if (!set) this.tileListeners.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.tileListeners.delete(id);
    };
  }

  subscribeView = (listener: Listener): (() => void) => {
    this.orderListeners.add(listener);
    return () => this.orderListeners.delete(listener);
  };

  private enqueue(update: Update): void {
    this.queue.push(update);
    // A hidden tab runs no animation frames: apply at once past a bound rather than hold hours of packets.
    if (this.queue.length >= MAX_QUEUED) return this.flush();
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(this.flush);
  }

  private reorder(): void {
    const tiles = [...this.tiles.values()];
    const order = tiles.sort((a, b) => compareTiles(a, b, this.rank)).map((m) => m.id);
    const openAlerts = tiles.reduce((n, m) => n + m.alerts.length, 0);
    const prev = this.view;
    if (
      openAlerts === prev.openAlerts &&
      order.length === prev.order.length &&
      order.every((id, i) => id === prev.order[i])
    )
      return;
    this.view = { order, openAlerts };
    for (const l of this.orderListeners) l();
  }
}
