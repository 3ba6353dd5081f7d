import { and, inArray, isNull, not, sql } from 'drizzle-orm';
import { AbnormalType, abnormalTypeMeta, toUnix } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import type { RaisedAlert } from '../notify/outbox.ts';
import { abnormalEvents, type AbnormalDetail } from '../db/schema/index.ts';
import type { DomainEventBus } from '../events.ts';
import { pgArray } from '../db/pg-array.ts';
import { loadAbnormalItems } from './items.ts';
import { toAbnormalItem, type AbnormalNames } from './payload.ts';

/** An event a rule raised, with everything needed to store and announce it. */
export type RaiseRequest = {
  orgId: number;
  areaId: number | null;
  memberId: number | null;
  deviceId: number | null;
  bindingId: number | null;
  type: AbnormalType;
  occurTime: Date;
  detail: AbnormalDetail | null;
  names: AbnormalNames;
};

export type RecoverRequest = {
  type: AbnormalType;
  memberId: number | null;
  deviceId: number | null;
  occurTime: Date;
  /** Close without the hold time (a device heard from again is simply online). */
  immediate?: boolean;
};

/** A recovered reading closes an event only once it has been open this long (no flapping). */
export const RECOVERY_HOLD_MS = 10 * 60_000;
/** The open-event snapshot is re-read this often, so edits made by other instances are seen. */
const SNAPSHOT_TTL_MS = 60_000;

const keyOf = (type: number, memberId: number | null, deviceId: number | null) =>
  `${type}:${memberId ?? 0}:${deviceId ?? 0}`;

/**
 * Stores raised events under the one-open-event rule and announces the new ones. The partial
 * unique index `abnormal_events_open_uq` is what guarantees a single open event per member (or
 * room device), device and type; the in-memory snapshot of open keys only spares the database
 * an INSERT for every repeat of an alert that is already open.
 */
/**
 * Types whose rule reports a state on every reading while it lasts (a watch outside its safe zone, a
 * wearer not moving): a further report is the same excursion going on, not a repeat to count.
 */
const lastingStates: ReadonlySet<number> = new Set<number>([AbnormalType.iotLeftSafeZone, AbnormalType.iotInactive]);

/**
 * Writes the notifications of new events on their own transaction, and is told once it committed
 * (notify/outbox.ts; the app's `notify`).
 */
export type AlertOutbox = {
  enqueue(tx: Tx, alerts: RaisedAlert[]): Promise<number>;
  committed(): void;
};

export class AbnormalRaiser {
  private open = new Map<string, number>();
  private snapshotAt = 0;

  constructor(
    private readonly db: Db,
    private readonly events: DomainEventBus,
    private readonly outbox?: AlertOutbox,
  ) {}

  /** Brings the open-event snapshot up to date (re-read at most every SNAPSHOT_TTL_MS). */
  snapshot(): Promise<void> {
    return this.refresh();
  }

  /**
   * Whether an event of this key is open as far as the snapshot knows: what `recover` itself
   * checks first, so callers may skip building requests that could not close anything.
   */
  isOpen(type: number, memberId: number | null, deviceId: number | null): boolean {
    return this.open.has(keyOf(type, memberId, deviceId));
  }

  private async refresh(): Promise<void> {
    if (Date.now() - this.snapshotAt < SNAPSHOT_TTL_MS) return;
    const rows = await this.db
      .select({
        type: abnormalEvents.type,
        memberId: abnormalEvents.memberId,
        deviceId: abnormalEvents.deviceId,
        occurTime: abnormalEvents.occurTime,
      })
      .from(abnormalEvents)
      .where(and(not(abnormalEvents.isHandle), isNull(abnormalEvents.recoveredAt)));
    this.open = new Map(rows.map((r) => [keyOf(r.type, r.memberId, r.deviceId), r.occurTime.getTime()]));
    this.snapshotAt = Date.now();
  }

  /**
   * Inserts the events not already open; returns how many were new. A request whose event is
   * already open is a repeat of the same condition: it is merged into that event (its count and
   * latest time) rather than dropped, unless `countRepeats` is false (a sweep that re-checks a
   * lasting state every minute is not a new crossing).
   */
  async raise(requests: RaiseRequest[], { countRepeats = true }: { countRepeats?: boolean } = {}): Promise<number> {
    if (!requests.length) return 0;
    await this.refresh();
    const fresh = new Map<string, RaiseRequest>();
    const repeats = new Map<string, { request: RaiseRequest; n: number; latest: Date }>();
    for (const r of requests) {
      const key = keyOf(r.type, r.memberId, r.deviceId);
      if (this.open.has(key)) {
        const seen = repeats.get(key);
        if (seen) {
          seen.n += 1;
          if (r.occurTime > seen.latest) seen.latest = r.occurTime;
        } else repeats.set(key, { request: r, n: 1, latest: r.occurTime });
      } else if (fresh.has(key)) {
        const seen = repeats.get(key);
        if (seen) seen.n += 1;
        else repeats.set(key, { request: r, n: 1, latest: r.occurTime });
      } else fresh.set(key, r);
    }
    const inserted = fresh.size ? await this.insert(fresh) : 0;
    const counted = countRepeats ? [...repeats.values()].filter((r) => !lastingStates.has(r.request.type)) : [];
    if (counted.length) await this.merge(counted);
    return inserted;
  }

  /**
   * Adds repeats to their open events in one statement and announces the updated events, so every
   * console shows the new count (an update replaces the alert by id: no new chime).
   */
  private async merge(repeats: Array<{ request: RaiseRequest; n: number; latest: Date }>): Promise<void> {
    const result = await this.db.execute<{ id: number }>(sql`
      update abnormal_events e
        set repeat_count = e.repeat_count + u.n,
            last_occur_time = greatest(coalesce(e.last_occur_time, e.occur_time), to_timestamp(u.t)),
            updated_at = now()
      from unnest(
        ${pgArray(repeats.map((r) => r.request.type))}::smallint[],
        ${pgArray(repeats.map((r) => r.request.memberId ?? 0))}::int[],
        ${pgArray(repeats.map((r) => r.request.deviceId ?? 0))}::int[],
        ${pgArray(repeats.map((r) => r.n))}::int[],
        ${pgArray(repeats.map((r) => toUnix(r.latest)))}::float8[]
      ) as u(ty, m, d, n, t)
      where e.type = u.ty and coalesce(e.member_id, 0) = u.m and coalesce(e.device_id, 0) = u.d
        and not e.is_handle and e.recovered_at is null
      returning e.id`);
    const ids = result.rows.map((r) => Number(r.id));
    if (!ids.length || !this.events.listenerCount('abnormal')) return;
    const names = new Map(repeats.map((r) => [keyOf(r.request.type, r.request.memberId, r.request.deviceId), r.request.names]));
    const rows = await this.db.select().from(abnormalEvents).where(inArray(abnormalEvents.id, ids));
    for (const row of rows) {
      const item = toAbnormalItem(row, names.get(keyOf(row.type, row.memberId, row.deviceId))!, null);
      this.events.emit('abnormal', { org_id: row.orgId, area_id: row.areaId, member_id: row.memberId, payload: item });
    }
  }

  private async insert(fresh: Map<string, RaiseRequest>): Promise<number> {
    const batch = [...fresh.values()];
    // The events and their notifications commit together: a stored alert never misses its outbox rows.
    const queued = { n: 0 };
    const rows = await this.db.transaction(async (tx) => {
      const inserted = await this.insertEvents(tx, batch);
      if (this.outbox && inserted.length) queued.n = await this.outbox.enqueue(tx, inserted);
      return inserted;
    });
    if (queued.n) this.outbox?.committed();
    for (const [key, r] of fresh) this.open.set(key, r.occurTime.getTime());
    const names = new Map(batch.map((r) => [keyOf(r.type, r.memberId, r.deviceId), r.names]));
    for (const row of rows) {
      const item = toAbnormalItem(row, names.get(keyOf(row.type, row.memberId, row.deviceId))!, null);
      this.events.emit('abnormal', {
        org_id: row.orgId,
        area_id: row.areaId,
        member_id: row.memberId,
        payload: item,
      });
    }
    return rows.length;
  }

  private insertEvents(tx: Tx, batch: RaiseRequest[]) {
    return tx
      .insert(abnormalEvents)
      .values(
        batch.map((r) => ({
          orgId: r.orgId,
          areaId: r.areaId,
          memberId: r.memberId,
          deviceId: r.deviceId,
          bindingId: r.bindingId,
          type: r.type,
          category: abnormalTypeMeta[r.type].category,
          occurTime: r.occurTime,
          detail: r.detail,
        })),
      )
      .onConflictDoNothing()
      .returning();
  }

  /**
   * Closes open events whose reading is back within the standard, if they have been open for the
   * hold time. Critical events (SOS, falls, no breathing) are never closed by a reading: a person
   * must handle them.
   */
  async recover(requests: RecoverRequest[]): Promise<number> {
    if (!requests.length) return 0;
    await this.refresh();
    const due = new Map<string, RecoverRequest>();
    for (const r of requests) {
      if (abnormalTypeMeta[r.type].critical) continue;
      const key = keyOf(r.type, r.memberId, r.deviceId);
      const openedAt = this.open.get(key);
      if (openedAt === undefined || (!r.immediate && r.occurTime.getTime() - openedAt < RECOVERY_HOLD_MS))
        continue;
      due.set(key, r);
    }
    if (!due.size) return 0;
    for (const key of due.keys()) this.open.delete(key);
    const list = [...due.values()];
    // One statement for the whole batch; the join matches the open-event index expression.
    const result = await this.db.execute<{ id: number }>(sql`
      update abnormal_events e set recovered_at = to_timestamp(u.t), updated_at = now()
      from unnest(
        ${pgArray(list.map((r) => r.type))}::smallint[],
        ${pgArray(list.map((r) => r.memberId ?? 0))}::int[],
        ${pgArray(list.map((r) => r.deviceId ?? 0))}::int[],
        ${pgArray(list.map((r) => toUnix(r.occurTime)))}::float8[]
      ) as u(ty, m, d, t)
      where e.type = u.ty and coalesce(e.member_id, 0) = u.m and coalesce(e.device_id, 0) = u.d
        and not e.is_handle and e.recovered_at is null
      returning e.id`);
    await this.announceRecovered(result.rows.map((r) => Number(r.id)));
    return result.rows.length;
  }

  /**
   * A recovered event leaves the open feeds like a handled one (SPEC §4: removed, the count
   * drops), so it goes out as `abnormalHandled` — the channel's `abnoramlHandle`, which every
   * console removes by id whatever the row's flags. Publishing it on `abnormal` would not do:
   * the row is still `is_handle: false` and the store would keep it. The catch-up replay sends
   * recovered events the same way. One query for the names, only when something recovered and
   * someone listens.
   */
  private async announceRecovered(ids: number[]): Promise<void> {
    if (!ids.length || !this.events.listenerCount('abnormalHandled')) return;
    for (const { row, item } of await loadAbnormalItems(this.db, inArray(abnormalEvents.id, ids), ids.length)) {
      this.events.emit('abnormalHandled', {
        org_id: row.orgId,
        area_id: row.areaId,
        member_id: row.memberId,
        payload: item,
      });
    }
  }

  /** A handled event no longer blocks a new one of its key. */
  forget(type: number, memberId: number | null, deviceId: number | null): void {
    this.open.delete(keyOf(type, memberId, deviceId));
  }
}
