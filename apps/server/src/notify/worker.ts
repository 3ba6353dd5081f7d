import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { abnormalTypePriority } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { abnormalEvents, areas, devices, members, notifyOrgPolicies, notifyOutbox, notifyPreferences } from '../db/schema/index.ts';
import type { AuditTrail } from '../audit/trail.ts';
import type { OutboundMessage, RoundSender, SendOutcome } from './channel.ts';
import { idempotencyKey } from './outbox.ts';
import { backoffMs, inQuietHours, MAX_REPEATS, tiers, timeoutsOf } from './policy.ts';
import type { ChannelRegistry } from './registry.ts';
import { alertMessage } from './templates.ts';

type Claimed = typeof notifyOutbox.$inferSelect;

/** Rows claimed per round; a full round is followed by another at once. */
const CLAIM = 200;
/**
 * Sends in flight at once: enough to hide the peers' round trips, few enough that a crash leaves
 * little in flight (each in-flight send may reach its peer again after a restart).
 */
const SENDING_AT_ONCE = 32;
/** A claimed row not finished within this is claimed again (its worker died). */
const LEASE_SECONDS = 60;
/** Transient failures are retried this many times in all, with backoff. */
const MAX_ATTEMPTS = 6;
/** Per recipient: at most this many sends in RATE_WINDOW (high priority is never held back). */
export const RATE_LIMIT = 20;
const RATE_WINDOW_MS = 10 * 60_000;
/** Per device: this many alerts within FLAP_WINDOW make it flapping; its non-high alerts are held back. */
export const FLAP_ALERTS = 5;
const FLAP_WINDOW_MS = 30 * 60_000;
/** A channel whose last this-many final outcomes for a person all failed is switched off. */
export const FAILURES_TO_DISABLE = 5;

export type WorkerDeps = {
  db: Db;
  registry: ChannelRegistry;
  audit: AuditTrail;
  log: FastifyBaseLogger;
  /** Where links in messages point (the console's address). */
  baseUrl: string;
  /** Loads the channel settings (outside any transaction) before a round. */
  beforeRound: () => Promise<void>;
  /** Tells a person on screen that one of their channels was switched off. */
  onDisabled: (staffId: number, channel: string, reason: string) => void;
};

/**
 * The outbox worker: claims due rows (`FOR UPDATE SKIP LOCKED`, so instances never take the same
 * row; a lease brings back rows of a worker that died), re-checks the alert, sends through the
 * channel's adapter, and records the receipt. At least once: a row is marked sent only after its
 * channel accepted it, and the idempotency key travels with every attempt so the peer can drop a
 * copy sent again after a crash. Never holds a transaction while it sends.
 */
export class OutboxWorker {
  #running: Promise<number> | null = null;
  #again = false;
  readonly #receipts: ReceiptWriter;

  constructor(private readonly deps: WorkerDeps) {
    this.#receipts = new ReceiptWriter(deps.db);
  }

  /** Runs rounds until nothing is due; a call while running asks for one more round after. */
  run(now: () => Date = () => new Date()): Promise<number> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      let total = 0;
      try {
        do {
          this.#again = false;
          let n: number;
          do {
            n = await this.round(now());
            total += n;
          } while (n === CLAIM);
        } while (this.#again);
      } finally {
        this.#running = null;
      }
      return total;
    })();
    return this.#running;
  }

  /** New rows were written: send what is due now without waiting for the next tick. */
  kick(): void {
    void this.run().catch((err) => this.deps.log.error({ err }, 'notify: outbox round failed'));
  }

  private async round(now: Date): Promise<number> {
    const { db } = this.deps;
    await this.deps.beforeRound();
    const claimed = await claim(db, now);
    if (!claimed.length) return 0;
    const context = await loadContext(db, claimed, now);
    await this.deps.registry.refreshLive([...new Set(claimed.map((r) => r.orgId))]);
    const senders = await this.sendersFor(claimed);
    try {
      await eachBounded(claimed, SENDING_AT_ONCE, (row) => this.deliver(row, context, now, senders));
    } finally {
      await this.#receipts.flushed();
      await Promise.all([...senders.values()].map((s) => s.settle?.()));
    }
    return claimed.length;
  }

  /** Each channel's sender for this round, its look-ups made once for all the round's rows. */
  private async sendersFor(rows: Claimed[]): Promise<Map<string, RoundSender>> {
    const senders = new Map<string, RoundSender>();
    for (const name of new Set(rows.map((r) => r.channel))) {
      const adapter = this.deps.registry.get(name)?.adapter;
      if (!adapter) continue;
      const mine = rows.filter((r) => r.channel === name).map((r) => ({ address: r.address, organizationId: r.orgId }));
      senders.set(name, adapter.prepare ? await adapter.prepare(mine) : { send: (address, message) => adapter.send(address, message) });
    }
    return senders;
  }

  private async deliver(row: Claimed, ctx: Context, now: Date, senders: Map<string, RoundSender>): Promise<void> {
    const alert = row.alertId === null ? null : ctx.alerts.get(row.alertId);
    if (row.alertId !== null && !alert) return this.finish(row, { status: 'cancelled', reason: 'alert removed' });
    if (alert?.isHandle) return this.finish(row, { status: 'cancelled', reason: 'handled' });
    if (alert?.recoveredAt) return this.finish(row, { status: 'cancelled', reason: 'recovered' });
    if (alert?.acknowledgedAt) return this.finish(row, { status: 'cancelled', reason: 'acknowledged' });
    const entry = this.deps.registry.get(row.channel);
    if (!entry || !this.deps.registry.liveFor(row.orgId).includes(entry.adapter.name))
      return this.finish(row, { status: 'cancelled', reason: 'channel not configured' });
    const prefs = row.staffId === null ? undefined : ctx.prefs.get(row.staffId);
    if (prefs?.disabledChannels?.[row.channel]) return this.finish(row, { status: 'cancelled', reason: 'channel switched off' });
    const priority = alert ? abnormalTypePriority(alert.type) : null;
    if (priority !== 'high') {
      if (prefs && inQuietHours(now, prefs.quietStart, prefs.quietEnd, prefs.utcOffsetMinutes))
        return this.finish(row, { status: 'suppressed', reason: 'quiet hours' });
      if (row.staffId !== null && (ctx.recentSends.get(row.staffId) ?? 0) >= RATE_LIMIT)
        return this.finish(row, { status: 'suppressed', reason: 'rate limit' });
      if (alert?.deviceId && (ctx.deviceAlerts.get(alert.deviceId) ?? 0) >= FLAP_ALERTS)
        return this.finish(row, { status: 'suppressed', reason: 'device flapping' });
    }
    if (row.staffId !== null) ctx.recentSends.set(row.staffId, (ctx.recentSends.get(row.staffId) ?? 0) + 1);
    const language = row.language === 'en' ? 'en' : 'zh-TW';
    // A row for no staff member about an alert is a family contact's (notify/family.ts): no console link.
    const family = row.staffId === null && alert !== undefined && alert !== null;
    const link = family ? '' : `${this.deps.baseUrl}/abnormal-log?abnormal=${row.alertId ?? ''}`;
    const text = alert
      ? alertMessage(language, { ...alert, utcOffsetMinutes: prefs?.utcOffsetMinutes ?? 480 }, link, { tier: row.tier, repeat: row.repeat, family })
      : { title: row.reason ?? 'Vigil', body: '' };
    const message: OutboundMessage = {
      idempotencyKey: row.idempotencyKey,
      organizationId: row.orgId,
      alertId: row.alertId,
      priority,
      language,
      title: text.title,
      body: text.body,
      link,
    };
    let outcome: SendOutcome;
    try {
      const sender = senders.get(row.channel);
      outcome = sender ? await sender.send(row.address, message) : await entry.adapter.send(row.address, message);
    } catch (err) {
      outcome = { status: 'failed', reason: err instanceof Error ? err.message : String(err), permanent: false };
    }
    if (outcome.status !== 'failed') {
      // Marked sent as soon as the peer answered (written with the other receipts of the moment):
      // a crash re-sends only what was in flight, not the rest of the round.
      const repeat = alert && priority === 'high' ? this.repeatOf(row, ctx) : undefined;
      return this.finish(row, { status: outcome.status, providerId: outcome.providerId ?? null, sentAt: new Date() }, repeat);
    }
    if (!outcome.permanent && row.attempts < MAX_ATTEMPTS) {
      await this.deps.db
        .update(notifyOutbox)
        .set({ status: 'queued', reason: outcome.reason, leaseUntil: null, dueAt: new Date(Date.now() + backoffMs(row.attempts)), updatedAt: new Date() })
        .where(eq(notifyOutbox.id, row.id));
      return;
    }
    await this.finish(row, { status: 'failed', reason: outcome.reason });
    await this.disableIfFailing(row, outcome.reason);
  }

  private async finish(row: Claimed, change: Receipt['change'], repeat?: typeof notifyOutbox.$inferInsert): Promise<void> {
    await this.#receipts.write({ id: row.id, change }, repeat);
    // The audit trail holds every receipt that left (or failed to leave) for a person.
    if (row.staffId !== null && ['sent', 'delivered', 'failed'].includes(change.status))
      this.deps.audit.record({
        at: new Date(),
        orgId: row.orgId,
        staffId: row.staffId,
        role: 0,
        memberId: null,
        resource: '/notify',
        method: 'SEND',
        route: `notify ${row.channel} tier ${row.tier} ${change.status}`,
        action: 'create',
        recordId: row.alertId,
        ip: '',
        requestId: row.idempotencyKey,
      });
  }

  /** High priority repeats its last own tier every timeout until somebody acknowledges it: the reminder's row. */
  private repeatOf(row: Claimed, ctx: Context): typeof notifyOutbox.$inferInsert | undefined {
    const lastOwnTier = Math.max(...tiers.filter((t) => t.audience === 'recipients').map((t) => t.tier));
    if (row.tier !== lastOwnTier || row.repeat >= MAX_REPEATS || row.staffId === null || row.alertId === null) return undefined;
    const minutes = timeoutsOf(ctx.policies.get(row.orgId)).high;
    const repeat = row.repeat + 1;
    return {
      orgId: row.orgId,
      alertId: row.alertId,
      staffId: row.staffId,
      channel: row.channel,
      address: row.address,
      language: row.language,
      tier: row.tier,
      repeat,
      idempotencyKey: idempotencyKey(row.alertId, { staffId: row.staffId }, row.channel, row.tier, repeat, row.address),
      dueAt: new Date(row.dueAt.getTime() + minutes * 60_000),
    };
  }

  /** A channel that keeps failing for a person is switched off, and the person told. */
  private async disableIfFailing(row: Claimed, reason: string): Promise<void> {
    if (row.staffId === null) return;
    const last = await this.deps.db
      .select({ status: notifyOutbox.status })
      .from(notifyOutbox)
      .where(and(eq(notifyOutbox.staffId, row.staffId), eq(notifyOutbox.channel, row.channel), inArray(notifyOutbox.status, ['sent', 'delivered', 'failed'])))
      .orderBy(sql`${notifyOutbox.updatedAt} desc`)
      .limit(FAILURES_TO_DISABLE);
    if (last.length < FAILURES_TO_DISABLE || last.some((r) => r.status !== 'failed')) return;
    const mark = sql`jsonb_build_object(${row.channel}::text, jsonb_build_object('at', ${Math.floor(Date.now() / 1000)}::int, 'reason', ${reason}::text))`;
    await this.deps.db
      .insert(notifyPreferences)
      .values({ staffId: row.staffId, disabledChannels: { [row.channel]: { at: Math.floor(Date.now() / 1000), reason } } })
      .onConflictDoUpdate({ target: notifyPreferences.staffId, set: { disabledChannels: sql`${notifyPreferences.disabledChannels} || ${mark}`, updatedAt: new Date() } });
    await this.deps.db
      .update(notifyOutbox)
      .set({ status: 'cancelled', reason: 'channel switched off', updatedAt: new Date() })
      .where(and(eq(notifyOutbox.staffId, row.staffId), eq(notifyOutbox.channel, row.channel), eq(notifyOutbox.status, 'queued')));
    this.deps.log.warn({ staffId: row.staffId, channel: row.channel }, 'notify: channel switched off after repeated failures');
    this.deps.onDisabled(row.staffId, row.channel, reason);
  }
}

/** Claims due rows and rows whose lease ran out, in due order, skipping rows another worker holds (one statement). */
async function claim(db: Db, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  return db
    .update(notifyOutbox)
    .set({
      status: 'sending',
      attempts: sql`${notifyOutbox.attempts} + 1`,
      leaseUntil: sql`${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS})`,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${notifyOutbox.id} in (
        select id from notify_outbox
        where status in ('queued', 'sending') and due_at <= ${at}::timestamptz
          and (status = 'queued' or lease_until < ${at}::timestamptz)
        order by due_at
        limit ${CLAIM}
        for update skip locked)`,
    )
    .returning();
}

type Receipt = { id: number; change: { status: string; reason?: string; providerId?: string | null; sentAt?: Date } };

/**
 * Writes receipts as they come, many in one statement: a receipt waits only for the write before
 * it, and every receipt that arrived meanwhile goes in the next one (with the reminders their sends
 * call for, in the same transaction, so a sent row never lacks its reminder). `write` resolves once
 * the receipt is stored.
 */
class ReceiptWriter {
  #pending: { receipt: Receipt; repeat?: typeof notifyOutbox.$inferInsert; done: () => void; fail: (e: unknown) => void }[] = [];
  #writing: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  write(receipt: Receipt, repeat?: typeof notifyOutbox.$inferInsert): Promise<void> {
    return new Promise((done, fail) => {
      this.#pending.push({ receipt, repeat, done, fail });
      this.#writing ??= this.#drain();
    });
  }

  /** Resolves when every receipt written so far is stored. */
  async flushed(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.length) {
        const batch = this.#pending.splice(0);
        try {
          await this.#store(batch.map((b) => b.receipt), batch.flatMap((b) => (b.repeat ? [b.repeat] : [])));
          for (const b of batch) b.done();
        } catch (error) {
          for (const b of batch) b.fail(error);
        }
      }
    } finally {
      this.#writing = null;
    }
  }

  async #store(receipts: Receipt[], repeats: (typeof notifyOutbox.$inferInsert)[]): Promise<void> {
    const rows = receipts.map(({ id, change }) => ({
      id,
      status: change.status,
      reason: change.reason ?? null,
      has_reason: change.reason !== undefined,
      provider_id: change.providerId ?? null,
      sent_at: change.sentAt?.toISOString() ?? null,
    }));
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        update notify_outbox o set status = r.status,
          reason = case when r.has_reason then r.reason else o.reason end,
          provider_id = coalesce(r.provider_id, o.provider_id),
          sent_at = coalesce(r.sent_at, o.sent_at),
          lease_until = null, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(id int, status text, reason text, has_reason boolean, provider_id text, sent_at timestamptz)
        where o.id = r.id`);
      if (repeats.length) await tx.insert(notifyOutbox).values(repeats).onConflictDoNothing();
    });
  }
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

type AlertFactsRow = {
  type: number;
  deviceId: number | null;
  isHandle: boolean;
  recoveredAt: Date | null;
  acknowledgedAt: Date | null;
  occurTime: Date;
  memberName: string | null;
  room: string | null;
  bed: string | null;
  areaName: string | null;
  deviceName: string | null;
  value: string | number | null;
};

type Context = {
  alerts: Map<number, AlertFactsRow>;
  prefs: Map<number, typeof notifyPreferences.$inferSelect>;
  recentSends: Map<number, number>;
  deviceAlerts: Map<number, number>;
  policies: Map<number, (typeof notifyOrgPolicies.$inferSelect)['timeouts']>;
};

/** Everything a round needs about its rows, in one query each. */
async function loadContext(db: Db, rows: Claimed[], now: Date): Promise<Context> {
  const alertIds = [...new Set(rows.flatMap((r) => (r.alertId === null ? [] : [r.alertId])))];
  const staffIds = [...new Set(rows.flatMap((r) => (r.staffId === null ? [] : [r.staffId])))];
  const orgIds = [...new Set(rows.map((r) => r.orgId))];
  const alertRows = alertIds.length
    ? await db
        .select({
          id: abnormalEvents.id,
          type: abnormalEvents.type,
          deviceId: abnormalEvents.deviceId,
          isHandle: abnormalEvents.isHandle,
          recoveredAt: abnormalEvents.recoveredAt,
          acknowledgedAt: abnormalEvents.acknowledgedAt,
          occurTime: abnormalEvents.occurTime,
          detail: abnormalEvents.detail,
          memberName: members.name,
          room: members.room,
          bed: members.bed,
          areaName: areas.name,
          deviceName: devices.name,
        })
        .from(abnormalEvents)
        .leftJoin(members, eq(members.id, abnormalEvents.memberId))
        .leftJoin(areas, eq(areas.id, abnormalEvents.areaId))
        .leftJoin(devices, eq(devices.id, abnormalEvents.deviceId))
        .where(inArray(abnormalEvents.id, alertIds))
    : [];
  const prefs = staffIds.length ? await db.select().from(notifyPreferences).where(inArray(notifyPreferences.staffId, staffIds)) : [];
  const recent = staffIds.length
    ? await db
        .select({ staffId: notifyOutbox.staffId, n: sql<number>`count(*)::int` })
        .from(notifyOutbox)
        .where(and(inArray(notifyOutbox.staffId, staffIds), gt(notifyOutbox.sentAt, new Date(now.getTime() - RATE_WINDOW_MS))))
        .groupBy(notifyOutbox.staffId)
    : [];
  const deviceIds = [...new Set(alertRows.flatMap((a) => (a.deviceId === null ? [] : [a.deviceId])))];
  const flapping = deviceIds.length
    ? await db
        .select({ deviceId: abnormalEvents.deviceId, n: sql<number>`count(*)::int` })
        .from(abnormalEvents)
        .where(and(inArray(abnormalEvents.deviceId, deviceIds), gt(abnormalEvents.occurTime, new Date(now.getTime() - FLAP_WINDOW_MS))))
        .groupBy(abnormalEvents.deviceId)
    : [];
  const policies = await db.select().from(notifyOrgPolicies).where(inArray(notifyOrgPolicies.orgId, orgIds));
  return {
    alerts: new Map(alertRows.map(({ id, detail, ...a }) => [id, { ...a, value: detail?.value ?? null }])),
    prefs: new Map(prefs.map((p) => [p.staffId, p])),
    recentSends: new Map(recent.map((r) => [r.staffId!, Number(r.n)])),
    deviceAlerts: new Map(flapping.map((f) => [f.deviceId!, Number(f.n)])),
    policies: new Map(policies.map((p) => [p.orgId, p.timeouts])),
  };
}
