import { sql } from 'drizzle-orm';
import {
  AbnormalType,
  dataSourceOrigin,
  DeviceType,
  deviceTypeStoreCategory,
  ErrorCode,
  type DataSource,
} from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import type { DomainEventBus } from '../events.ts';
import { AbnormalRaiser, type RaiseRequest, type RecoverRequest } from '../modules/abnormal/raiser.ts';
import { resolveStandards, spec9Standards } from '../modules/standards/resolver.ts';
import { evaluateReading } from '../rules/index.ts';
import { heartVesselRule } from '../rules/care.ts';
import { bindingAt, DeviceDirectory, type Binding, type DeviceEntry, type Principal } from './directory.ts';
import {
  MAX_AGE_SECONDS,
  MAX_FUTURE_SECONDS,
  readingEnvelope,
  type IngestResult,
  type Rejection,
} from './envelope.ts';
import { readingKindCode, readingValueSchemas, toColumns, type ReadingKind } from './kinds.ts';
import { pgArray } from './pg-array.ts';

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

const rowKey = (deviceId: number, kind: number, t: number) => `${deviceId}:${kind}:${t}`;

/**
 * The one ingestion path (HTTP, MQTT, simulator, benchmark): validate each reading on its own,
 * store the batch with one INSERT … ON CONFLICT DO NOTHING (the unique key makes a re-sent reading
 * a no-op), then evaluate the rules in memory for the rows actually stored and write abnormal
 * events only when one is raised.
 */
export class IngestService {
  readonly directory: DeviceDirectory;
  readonly raiser: AbnormalRaiser;
  private readonly lastSeenWritten = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly events: DomainEventBus,
  ) {
    this.directory = new DeviceDirectory(db);
    this.raiser = new AbnormalRaiser(db, events);
  }

  authenticate(keys: { device?: string; gateway?: string }): Promise<Principal | null> {
    return this.directory.authenticate(keys);
  }

  async ingest(
    principal: Principal,
    readings: readonly unknown[],
    nowMs = Date.now(),
  ): Promise<IngestResult> {
    const rejected: Rejection[] = [];
    const reject = (index: number, code: Rejection['code'], reason: string) =>
      rejected.push({ index, code, reason });
    const now = Math.floor(nowMs / 1000);

    const envelopes = readings.map((r) => readingEnvelope.safeParse(r));
    const devices = await this.directory.load(envelopes.flatMap((e) => (e.success ? [e.data.serial] : [])));

    const accepted: Accepted[] = [];
    const seen = new Set<string>();
    let duplicates = 0;
    envelopes.forEach((parsed, index) => {
      if (!parsed.success) return reject(index, ErrorCode.validationFailed, issueText(parsed.error.issues));
      const r = parsed.data;
      const device = devices.get(r.serial);
      // A device of another organisation is reported exactly like an unknown one: no existence leak.
      if (!device || !device.enabled || !mayReport(principal, device)) {
        return reject(index, ErrorCode.notFound, `unknown device ${r.serial}`);
      }
      if (r.occur_time > now + MAX_FUTURE_SECONDS)
        return reject(index, ErrorCode.validationFailed, 'occur_time is in the future');
      if (r.occur_time < now - MAX_AGE_SECONDS)
        return reject(index, ErrorCode.validationFailed, 'occur_time is older than 30 days');
      const origin = dataSourceOrigin[r.source as DataSource];
      if (origin.deviceType !== null && origin.deviceType !== (sourceFamily[device.type] ?? device.type)) {
        return reject(index, ErrorCode.validationFailed, `data source ${r.source} is not this device's`);
      }
      const kind = r.kind as ReadingKind;
      const values = readingValueSchemas[kind].safeParse(r.values);
      if (!values.success)
        return reject(index, ErrorCode.validationFailed, issueText(values.error.issues, 'values'));
      if (kind === 'sleep') {
        const end = (values.data as { end_time: number }).end_time;
        if (end <= r.occur_time || end - r.occur_time > 24 * 3600) {
          return reject(
            index,
            ErrorCode.validationFailed,
            'values.end_time must follow occur_time within 24 h',
          );
        }
      }
      const key = rowKey(device.id, readingKindCode[kind], r.occur_time);
      if (seen.has(key)) {
        duplicates++;
        return;
      }
      seen.add(key);
      const binding = bindingAt(device, r.occur_time * 1000);
      accepted.push({
        device,
        binding,
        kind,
        source: r.source,
        occurTime: r.occur_time,
        values: values.data as Record<string, unknown>,
      });
    });

    const stored = await this.store(accepted);
    duplicates += accepted.length - stored.length;
    if (stored.length) {
      await this.evaluate(stored);
      await this.touch(stored, nowMs);
      this.publishLive(stored);
    }
    return { accepted: stored.length, duplicates, rejected };
  }

  /** One multi-row INSERT through unnest(): eleven array parameters whatever the batch size. */
  private async store(rows: Accepted[]): Promise<Accepted[]> {
    if (!rows.length) return [];
    const cols = rows.map((r) => ({ r, c: toColumns(r.kind, r.values) }));
    const result = await this.db.execute<{ device_id: number; kind: number; t: number }>(sql`
      insert into readings (org_id, member_id, area_id, device_id, kind, source, occur_time, value, value2, data)
      select o, m, a, d, k, s, to_timestamp(t), v, v2, j
      from unnest(
        ${pgArray(cols.map(({ r }) => r.device.orgId))}::int[],
        ${pgArray(cols.map(({ r }) => r.binding?.member?.id ?? null))}::int[],
        ${pgArray(cols.map(({ r }) => (r.binding?.area ?? r.device.area)?.id ?? null))}::int[],
        ${pgArray(cols.map(({ r }) => r.device.id))}::int[],
        ${pgArray(cols.map(({ r }) => readingKindCode[r.kind]))}::smallint[],
        ${pgArray(cols.map(({ r }) => r.source))}::smallint[],
        ${pgArray(cols.map(({ r }) => r.occurTime))}::float8[],
        ${pgArray(cols.map(({ c }) => c.value))}::real[],
        ${pgArray(cols.map(({ c }) => c.value2))}::real[],
        ${pgArray(cols.map(({ c }) => (c.data === null ? null : JSON.stringify(c.data))))}::jsonb[]
      ) as u(o, m, a, d, k, s, t, v, v2, j)
      on conflict do nothing
      returning device_id, kind, extract(epoch from occur_time)::float8 as t`);
    const inserted = new Set(
      result.rows.map((x) => rowKey(Number(x.device_id), Number(x.kind), Number(x.t))),
    );
    return rows.filter((r) => inserted.has(rowKey(r.device.id, readingKindCode[r.kind], r.occurTime)));
  }

  private async evaluate(rows: Accepted[]): Promise<void> {
    const memberIds = rows.flatMap((r) => (r.binding?.member ? [r.binding.member.id] : []));
    const standards = memberIds.length ? await resolveStandards(this.db, memberIds) : new Map();
    const raise: RaiseRequest[] = [];
    const recover: RecoverRequest[] = [];
    for (const r of rows) {
      const member = r.binding?.member ?? null;
      const verdict = evaluateReading(r.kind, r.values as never, {
        standards: (member && standards.get(member.id)) || spec9Standards,
        deviceType: r.device.type,
        settings: r.device.settings,
        occurTime: r.occurTime,
      });
      const occurTime = new Date(r.occurTime * 1000);
      for (const x of verdict.raise) raise.push({ ...target(r), type: x.type, occurTime, detail: x.detail });
      for (const type of verdict.recover)
        recover.push({ type, memberId: member?.id ?? null, deviceId: r.device.id, occurTime });
    }
    raise.push(...(await this.heartVesselAlerts(rows)));
    // Any data at all means the device is back online: close its offline event at once.
    const online = new Map<string, RecoverRequest>();
    for (const r of rows) {
      const memberId = r.binding?.member?.id ?? null;
      for (const type of [AbnormalType.deviceOffline, AbnormalType.iotOffline]) {
        online.set(`${type}:${memberId}:${r.device.id}`, {
          type,
          memberId,
          deviceId: r.device.id,
          occurTime: new Date(r.occurTime * 1000),
          immediate: true,
        });
      }
    }
    recover.push(...online.values());
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
          occurTime: new Date(r.occurTime * 1000),
          detail: raised.detail,
        });
    }
    return out;
  }

  private async touch(rows: Accepted[], nowMs: number): Promise<void> {
    const due = [...new Set(rows.map((r) => r.device.id))].filter(
      (id) => nowMs - (this.lastSeenWritten.get(id) ?? 0) >= LAST_SEEN_EVERY_MS,
    );
    if (!due.length) return;
    for (const id of due) this.lastSeenWritten.set(id, nowMs);
    await this.db.execute(
      sql`update devices set last_seen_at = to_timestamp(${nowMs / 1000}) where id = any(${pgArray(due)}::int[])`,
    );
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
