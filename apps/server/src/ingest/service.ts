import { sql } from 'drizzle-orm';
import {
  AbnormalType,
  dataSourceOrigin,
  DeviceType,
  deviceTypeStoreCategory,
  ErrorCode,
  type DataSource,
  fromUnix,
  toUnix,
} from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import type { DomainEventBus } from '../events.ts';
import { AbnormalRaiser, type RaiseRequest, type RecoverRequest } from '../alerts/raiser.ts';
import { invalidateStandards, resolveStandards, spec9Standards } from '../alerts/standards.ts';
import { evaluateReading, type StandardSet } from '../rules/index.ts';
import { heartVesselRule } from '../rules/care.ts';
import { bindingAt, DeviceDirectory, type Binding, type DeviceEntry, type Principal } from './directory.ts';
import {
  MAX_AGE_SECONDS,
  MAX_FUTURE_SECONDS,
  readingEnvelope,
  type IngestResult,
  type Rejection,
} from './envelope.ts';
import { fastEnvelope, fastValues, type Envelope } from './fast-validate.ts';
import { readingValueSchemas, type ReadingKind, type ReadingValues } from '@vigil/contracts/readings';
import { readingKindCode, sleepRecordProblem, toColumns } from './kinds.ts';
import { pgArray } from '../db/pg-array.ts';
import { ingestReadings, readingAcceptedAt } from '../metrics/registry.ts';

/** A reading that passed validation, ready to store. */
type Accepted = {
  device: DeviceEntry;
  binding: Binding | null;
  kind: ReadingKind;
  source: number;
  occurTime: number;
  values: Record<string, unknown>;
};

/** devices.last_seen_at is written at most this often per device: the offline sweep needs minutes, not seconds. */
const LAST_SEEN_EVERY_MS = 30_000;

/**
 * The space sensor is one device in two modes (SPEC §1: sentinel or fall); both types report
 * under the single space-sensor data source, which contracts attribute to the fall type.
 */
const sourceFamily: Partial<Record<DeviceType, DeviceType>> = {
  [DeviceType.spaceSentinel]: DeviceType.spaceFall,
};

const offlineTypes = [AbnormalType.deviceOffline, AbnormalType.iotOffline] as const;

const rowKey = (deviceId: number, kind: number, t: number) => `${deviceId}:${kind}:${t}`;

/**
 * The one ingestion path (HTTP, MQTT, simulator, benchmark): validate each reading on its own,
 * store the batch with one INSERT … ON CONFLICT DO NOTHING (the unique key makes a re-sent reading
 * a no-op), then evaluate the rules in memory for the rows actually stored and write abnormal
 * events only when one is raised.
 */
export class IngestService {
  readonly directory: DeviceDirectory;
  private readonly lastSeenWritten = new Map<number, number>();

  /**
   * `raiser` is the app's alert core (`app.alerts`), so ingestion, the sweeps and care share its
   * open-event snapshot; a service built on its own (the demo's history, a benchmark) gets its own.
   */
  constructor(
    private readonly db: Db,
    private readonly events: DomainEventBus,
    private readonly raiser = new AbnormalRaiser(db, events),
  ) {
    this.directory = new DeviceDirectory(db);
  }

  /**
   * Loads the devices (with their binding history) and the standards of their members before
   * traffic arrives: a fresh service would otherwise spend its first second loading them batch by
   * batch, and those batches set the p99. One query for the devices, bounded by organisation and
   * by WARM_LIMIT; the standards through their resolver's cache.
   */
  async warm(options: { orgIds?: readonly number[]; limit?: number } = {}): Promise<{ devices: number; members: number }> {
    const members = await this.directory.warm(options);
    // Loaded afresh, not taken from entries that may be about to expire.
    for (const memberId of members) invalidateStandards(this.db, { memberId });
    if (members.length) await resolveStandards(this.db, members);
    await this.raiser.snapshot();
    return { devices: this.directory.size, members: members.length };
  }

  authenticate(keys: { device?: string; gateway?: string }): Promise<Principal | null> {
    return this.directory.authenticate(keys);
  }

  async ingest(
    principal: Principal,
    readings: readonly unknown[],
    nowMs = Date.now(),
  ): Promise<IngestResult> {
    // On the real clock, whatever `nowMs` a caller gives: it times the alert delivery.
    const receivedAt = Date.now();
    const rejected: Rejection[] = [];
    const reject = (index: number, code: Rejection['code'], reason: string) =>
      rejected.push({ index, code, reason });
    const now = toUnix(new Date(nowMs));

    // Pass 1: envelopes (fast check, zod for anything it does not accept), so the batch's devices
    // load in one lookup. Rejections are reported in pass 2, in index order.
    const envelopes: (Envelope | string)[] = new Array<Envelope | string>(readings.length);
    const serials: string[] = [];
    for (let i = 0; i < readings.length; i++) {
      let env: Envelope | string | null = fastEnvelope(readings[i]);
      if (!env) {
        const parsed = readingEnvelope.safeParse(readings[i]);
        env = parsed.success ? (parsed.data as Envelope) : issueText(parsed.error.issues);
      }
      envelopes[i] = env;
      if (typeof env !== 'string') serials.push(env.serial);
    }
    const devices = await this.directory.load(serials);

    const accepted: Accepted[] = [];
    const seen = new Set<string>();
    let duplicates = 0;
    for (let index = 0; index < envelopes.length; index++) {
      const r = envelopes[index];
      if (typeof r === 'string') {
        reject(index, ErrorCode.validationFailed, r);
        continue;
      }
      const device = devices.get(r.serial);
      // A device of another organisation is reported exactly like an unknown one: no existence leak.
      if (!device || !device.enabled || !mayReport(principal, device)) {
        reject(index, ErrorCode.notFound, `unknown device ${r.serial}`);
        continue;
      }
      if (r.occur_time > now + MAX_FUTURE_SECONDS) {
        reject(index, ErrorCode.validationFailed, 'occur_time is in the future');
        continue;
      }
      if (r.occur_time < now - MAX_AGE_SECONDS) {
        reject(index, ErrorCode.validationFailed, 'occur_time is older than 30 days');
        continue;
      }
      const origin = dataSourceOrigin[r.source as DataSource];
      if (origin.deviceType !== null && origin.deviceType !== (sourceFamily[device.type] ?? device.type)) {
        reject(index, ErrorCode.validationFailed, `data source ${r.source} is not this device's`);
        continue;
      }
      const kind = r.kind;
      let values = r.values;
      if (!fastValues(kind, values)) {
        const parsed = readingValueSchemas[kind].safeParse(values);
        if (!parsed.success) {
          reject(index, ErrorCode.validationFailed, issueText(parsed.error.issues, 'values'));
          continue;
        }
        values = parsed.data as Record<string, unknown>;
      }
      if (kind === 'sleep') {
        const problem = sleepRecordProblem(r.occur_time, values as ReadingValues['sleep']);
        if (problem) {
          reject(index, ErrorCode.validationFailed, problem);
          continue;
        }
      }
      const key = rowKey(device.id, readingKindCode[kind], r.occur_time);
      if (seen.has(key)) {
        duplicates++;
        continue;
      }
      seen.add(key);
      accepted.push({
        device,
        binding: bindingAt(device, fromUnix(r.occur_time).getTime()),
        kind,
        source: r.source,
        occurTime: r.occur_time,
        values,
      });
    }

    const stored = await this.store(accepted, nowMs);
    duplicates += accepted.length - stored.length;
    ingestReadings.inc({ outcome: 'accepted' }, stored.length);
    ingestReadings.inc({ outcome: 'duplicate' }, duplicates);
    ingestReadings.inc({ outcome: 'rejected' }, rejected.length);
    if (stored.length) {
      // The staff channel times each alert from here (metrics: reading accepted → alert delivered).
      await readingAcceptedAt.run(receivedAt, () => this.evaluate(stored));
      this.publishLive(stored);
    }
    return { accepted: stored.length, duplicates, rejected };
  }

  /**
   * The batch in one statement and one round trip: a multi-row INSERT through unnest() (ten array
   * parameters whatever the batch size) and, in the same statement, the `last_seen_at` of devices
   * due for it. The answer is one row: how many were stored, and only when some were not (a
   * re-sent reading) the keys of those that were — 1000 returned rows would cost more to parse
   * than the rest of the statement.
   */
  private async store(rows: Accepted[], nowMs: number): Promise<Accepted[]> {
    if (!rows.length) return [];
    const n = rows.length;
    const orgIds: number[] = new Array<number>(n);
    const memberIds: (number | null)[] = new Array<number | null>(n);
    const areaIds: (number | null)[] = new Array<number | null>(n);
    const deviceIds: number[] = new Array<number>(n);
    const kinds: number[] = new Array<number>(n);
    const sources: number[] = new Array<number>(n);
    const times: number[] = new Array<number>(n);
    const values: (number | null)[] = new Array<number | null>(n);
    const values2: (number | null)[] = new Array<number | null>(n);
    const data: (string | null)[] = new Array<string | null>(n);
    for (let i = 0; i < n; i++) {
      const r = rows[i];
      const c = toColumns(r.kind, r.values);
      orgIds[i] = r.device.orgId;
      memberIds[i] = r.binding?.member?.id ?? null;
      areaIds[i] = (r.binding?.area ?? r.device.area)?.id ?? null;
      deviceIds[i] = r.device.id;
      kinds[i] = readingKindCode[r.kind];
      sources[i] = r.source;
      times[i] = r.occurTime;
      values[i] = c.value;
      values2[i] = c.value2;
      data[i] = c.data === null ? null : JSON.stringify(c.data);
    }
    const due = this.lastSeenDue(deviceIds, nowMs);
    const result = await this.db.execute<{ n: number; keys: string | null }>(sql`
      with ins as (
        insert into readings (org_id, member_id, area_id, device_id, kind, source, occur_time, value, value2, data)
        select o, m, a, d, k, s, to_timestamp(t), v, v2, j
        from unnest(
          ${pgArray(orgIds)}::int[],
          ${pgArray(memberIds)}::int[],
          ${pgArray(areaIds)}::int[],
          ${pgArray(deviceIds)}::int[],
          ${pgArray(kinds)}::smallint[],
          ${pgArray(sources)}::smallint[],
          ${pgArray(times)}::float8[],
          ${pgArray(values)}::real[],
          ${pgArray(values2)}::real[],
          ${pgArray(data)}::jsonb[]
        ) as u(o, m, a, d, k, s, t, v, v2, j)
        on conflict do nothing
        returning device_id, kind, occur_time
      ), touched as (
        update devices set last_seen_at = ${new Date(nowMs).toISOString()}::timestamptz
        where id = any(${pgArray(due)}::int[])
      )
      select (select count(*)::int from ins) as n,
        case when (select count(*) from ins) < ${n}
          then (select string_agg(device_id || ':' || kind || ':' || extract(epoch from occur_time)::bigint, ',') from ins)
        end as keys`);
    for (const id of due) this.lastSeenWritten.set(id, nowMs);
    const answer = result.rows[0];
    if (Number(answer.n) === n) return rows;
    const inserted = new Set(answer.keys ? answer.keys.split(',') : []);
    return rows.filter((r) => inserted.has(rowKey(r.device.id, readingKindCode[r.kind], r.occurTime)));
  }

  /** Devices of the batch whose last_seen_at was written more than LAST_SEEN_EVERY_MS ago. */
  private lastSeenDue(deviceIds: readonly number[], nowMs: number): number[] {
    const due: number[] = [];
    const picked = new Set<number>();
    for (const id of deviceIds) {
      if (picked.has(id) || nowMs - (this.lastSeenWritten.get(id) ?? 0) < LAST_SEEN_EVERY_MS) continue;
      picked.add(id);
      due.push(id);
    }
    return due;
  }

  private async evaluate(rows: Accepted[]): Promise<void> {
    const memberIds: number[] = [];
    for (const r of rows) if (r.binding?.member) memberIds.push(r.binding.member.id);
    const [standards] = await Promise.all([
      memberIds.length ? resolveStandards(this.db, memberIds) : new Map<number, StandardSet>(),
      // The open-event snapshot decides which recoveries can matter, before any is built.
      this.raiser.snapshot(),
    ]);
    const raise: RaiseRequest[] = [];
    const recover: RecoverRequest[] = [];
    const online = new Set<string>();
    for (const r of rows) {
      const member = r.binding?.member ?? null;
      const memberId = member?.id ?? null;
      const verdict = evaluateReading(r.kind, r.values as never, {
        standards: (member && standards.get(member.id)) || spec9Standards,
        deviceType: r.device.type,
        settings: r.device.settings,
        occurTime: r.occurTime,
        safeZone: r.binding?.safeZone ?? null,
      });
      for (const x of verdict.raise)
        raise.push({ ...target(r), type: x.type, occurTime: fromUnix(r.occurTime), detail: x.detail });
      // Nearly every reading recovers its family; only open events are worth a request.
      for (const type of verdict.recover) {
        if (!this.raiser.isOpen(type, memberId, r.device.id)) continue;
        recover.push({ type, memberId, deviceId: r.device.id, occurTime: fromUnix(r.occurTime) });
      }
      // Any data at all means the device is back online: close its offline event at once.
      for (const type of offlineTypes) {
        if (!this.raiser.isOpen(type, memberId, r.device.id)) continue;
        const key = `${type}:${memberId}:${r.device.id}`;
        if (online.has(key)) continue;
        online.add(key);
        recover.push({ type, memberId, deviceId: r.device.id, occurTime: fromUnix(r.occurTime), immediate: true });
      }
    }
    raise.push(...(await this.heartVesselAlerts(rows)));
    await Promise.all([this.raiser.raise(raise), this.raiser.recover(recover)]);
  }

  /** SPEC: the heart / vessel health index alerting three times in a member's day. */
  private async heartVesselAlerts(rows: Accepted[]): Promise<RaiseRequest[]> {
    const out: RaiseRequest[] = [];
    for (const r of rows) {
      const v = r.values as { result?: number; vessel?: boolean };
      const member = r.binding?.member;
      if (r.kind !== 'heartVessel' || !member || (v.result ?? 0) < 2) continue;
      const offset = r.device.settings.utcOffsetMinutes * 60;
      const dayStart = Math.floor((r.occurTime + offset) / 86400) * 86400 - offset;
      const vessel = v.vessel ?? false;
      const result = await this.db.execute<{ n: number }>(sql`
        select count(*)::int as n from readings
        where member_id = ${member.id} and kind = ${readingKindCode.heartVessel}
          and occur_time >= to_timestamp(${dayStart}) and occur_time < to_timestamp(${dayStart + 86400})
          and (data->>'result')::int >= 2 and coalesce((data->>'vessel')::boolean, false) = ${vessel}`);
      const raised = heartVesselRule({ riskCount: Number(result.rows[0]?.n ?? 0), vessel });
      if (raised)
        out.push({
          ...target(r),
          deviceId: null,
          type: raised.type,
          occurTime: fromUnix(r.occurTime),
          detail: raised.detail,
        });
    }
    return out;
  }

  /** Live values for the device rooms; skipped entirely when no socket layer listens. */
  private publishLive(rows: Accepted[]): void {
    if (!this.events.listenerCount('deviceData')) return;
    for (const r of rows) {
      const area = r.binding?.area ?? r.device.area;
      this.events.emit('deviceData', {
        org_id: r.device.orgId,
        area_id: area?.id ?? null,
        room: deviceTypeStoreCategory[r.device.type],
        payload: {
          room: deviceTypeStoreCategory[r.device.type],
          device: { id: r.device.id, type: r.device.type, name: r.device.name },
          member: r.binding?.member ?? null,
          area,
          occur_time: r.occurTime,
          values: { kind: r.kind, ...primitives(r.values) },
        },
      });
    }
  }
}

function mayReport(principal: Principal, device: DeviceEntry): boolean {
  return principal.kind === 'device' ? principal.deviceId === device.id : principal.orgId === device.orgId;
}

/** Who and where an event from this reading points at. */
function target(r: Accepted): Omit<RaiseRequest, 'type' | 'occurTime' | 'detail'> {
  const member = r.binding?.member ?? null;
  const area = r.binding?.area ?? r.device.area;
  return {
    orgId: r.device.orgId,
    areaId: area?.id ?? null,
    memberId: member?.id ?? null,
    deviceId: r.device.id,
    bindingId: r.binding?.id ?? null,
    names: { member, area, device: { id: r.device.id, type: r.device.type, name: r.device.name } },
  };
}

function primitives(values: Record<string, unknown>): Record<string, number | string | boolean | null> {
  const out: Record<string, number | string | boolean | null> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

function issueText(issues: readonly { path: PropertyKey[]; message: string }[], prefix?: string): string {
  return issues
    .slice(0, 3)
    .map((i) => `${[prefix, ...i.path.map(String)].filter(Boolean).join('.') || 'reading'}: ${i.message}`)
    .join('; ');
}
