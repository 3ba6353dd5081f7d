import { sql } from 'drizzle-orm';
import { WALL_MEMBER_LIMIT, nowUnix, type WallMember, type WallQuery, type WallSnapshot } from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { members } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition, type ScopeColumns } from '../../../auth/scope.ts';
import { readingKindCode } from '../../../ingest/kinds.ts';
import { parseDeviceSettings } from '../../../rules/settings.ts';
import { wornDeviceTypes } from '../../devices/device-state/service.ts';
import { callerRoutingCondition } from '../../../alerts/routing.ts';

/**
 * The wall shows the caller's own organisation (area roles: their area) only, with no related
 * organisations: its live updates come from the organisation's and area's device rooms, which a
 * socket joins for its own organisation alone, so a related organisation's tiles would never move.
 */
const wallScope: ScopeColumns = { org: members.orgId, area: members.areaId };

type Row = {
  id: number;
  name: string;
  area_id: number | null;
  area_name: string | null;
  room: string | null;
  bed: string | null;
  hr: number | null;
  hr_t: string | null;
  spo2: number | null;
  spo2_t: string | null;
  temp: number | null;
  temp_t: string | null;
  sys: number | null;
  dia: number | null;
  bp_t: string | null;
  device_id: number | null;
  device_type: number | null;
  device_settings: unknown;
  last_seen: string | null;
  battery: number | null;
  worn: boolean | null;
  bed_status: number | null;
  bed_t: string | null;
  presence: boolean | null;
  presence_t: string | null;
};

/** The newest reading of a kind for the member: one probe of the (member, kind, time) index. */
const latest = (alias: string, kind: number, pick: string) =>
  sql.raw(`left join lateral (select ${pick}, extract(epoch from r.occur_time)::bigint as t from readings r
    where r.member_id = members.id and r.kind = ${kind} order by r.occur_time desc limit 1) ${alias} on true`);

const worn = sql.raw(wornDeviceTypes.join(','));

/**
 * Every enabled member in scope (up to WALL_MEMBER_LIMIT), ordered by area and name, with the
 * newest heart rate, SpO2, temperature and blood pressure, the state of the device they wear
 * (a watch first, else any device bound to them, the one heard from last), in bed or not, and
 * their open alerts the caller may act on (alerts/routing.ts). One statement for the tiles and one for the alerts.
 */
export async function wallSnapshotOf(db: Db, p: Principal, q: WallQuery, now = new Date()): Promise<WallSnapshot> {
  const { rows } = await db.execute<Row>(sql`
    select members.id, members.name, members.area_id, a.name as area_name, members.room, members.bed,
      hr.value as hr, hr.t as hr_t, ox.value as spo2, ox.t as spo2_t, tp.value as temp, tp.t as temp_t,
      bp.value as sys, bp.value2 as dia, bp.t as bp_t,
      dv.id as device_id, dv.type as device_type, dv.settings as device_settings,
      extract(epoch from dv.last_seen_at)::bigint as last_seen,
      (select (r.data->>'level')::real from readings r where r.device_id = dv.id and r.kind = ${readingKindCode.battery} order by r.occur_time desc limit 1) as battery,
      (select (r.data->>'worn')::boolean from readings r where r.device_id = dv.id and r.kind = ${readingKindCode.wearing} order by r.occur_time desc limit 1) as worn,
      bd.status as bed_status, bd.t as bed_t, sp.presence, sp.t as presence_t
    from members
    left join areas a on a.id = members.area_id
    ${latest('hr', readingKindCode.heartRate, 'r.value')}
    ${latest('ox', readingKindCode.bloodOxygen, 'r.value')}
    ${latest('tp', readingKindCode.bodyTemperature, 'r.value')}
    ${latest('bp', readingKindCode.bloodPressure, 'r.value, r.value2')}
    ${latest('bd', readingKindCode.bed, `(r.data->>'status')::int as status`)}
    ${latest('sp', readingKindCode.space, `(r.data->>'presence')::boolean as presence`)}
    left join lateral (
      select d.id, d.type, d.settings, d.last_seen_at from device_bindings b join devices d on d.id = b.device_id
      where b.member_id = members.id and b.unbound_at is null
      order by (d.type in (${worn})) desc, d.last_seen_at desc nulls last, d.id limit 1
    ) dv on true
    where members.enabled and members.removed_at is null and ${scopeCondition(p, wallScope)}
      ${q.area_id !== undefined ? sql`and members.area_id = ${q.area_id}` : sql``}
    order by members.area_id nulls last, members.name, members.id
    limit ${WALL_MEMBER_LIMIT}`);

  const alerts = new Map<number, WallMember['alerts']>();
  if (rows.length) {
    const ids = sql.join(rows.map((r) => sql`${r.id}`), sql`,`);
    const open = await db.execute<{ id: number; member_id: number; type: number; t: string }>(sql`
      select id, member_id, type, extract(epoch from occur_time)::bigint as t from abnormal_events
      where member_id in (${ids}) and not is_handle and recovered_at is null
        and ${callerRoutingCondition(p) ?? sql`true`}
      order by occur_time desc, id desc`);
    for (const a of open.rows) {
      const list = alerts.get(a.member_id) ?? [];
      list.push({ id: a.id, type: a.type, occur_time: Number(a.t) });
      alerts.set(a.member_id, list);
    }
  }

  const time = (t: string | null) => (t === null ? null : Number(t));
  return {
    server_time: nowUnix(),
    members: rows.map((r): WallMember => {
      const bed = bedState(r);
      return {
        id: r.id,
        name: r.name,
        area_id: r.area_id,
        area_name: r.area_name,
        room: r.room,
        bed: r.bed,
        heart_rate: r.hr === null ? null : { value: Number(r.hr), time: time(r.hr_t)! },
        blood_oxygen: r.spo2 === null ? null : { value: Number(r.spo2), time: time(r.spo2_t)! },
        body_temperature: r.temp === null ? null : { value: Number(r.temp), time: time(r.temp_t)! },
        blood_pressure: r.sys === null || r.dia === null ? null : { sys: Number(r.sys), dia: Number(r.dia), time: time(r.bp_t)! },
        device:
          r.device_id === null
            ? null
            : {
                id: r.device_id,
                type: Number(r.device_type),
                online: r.last_seen !== null && now.getTime() - Number(r.last_seen) * 1000 <= parseDeviceSettings(r.device_settings).offlineMinutes * 60_000,
                last_seen_at: time(r.last_seen),
                battery: r.battery === null ? null : Number(r.battery),
                worn: r.worn,
              },
        bed_state: bed,
        alerts: alerts.get(r.id) ?? [],
      };
    }),
  };
}

/** The newer of the sleep sensor's bed status and a space sensor's presence. */
function bedState(r: Row): WallMember['bed_state'] {
  const bedT = r.bed_t === null ? null : Number(r.bed_t);
  const spaceT = r.presence_t === null ? null : Number(r.presence_t);
  if (bedT !== null && r.bed_status !== null && (spaceT === null || bedT >= spaceT)) return { in_bed: r.bed_status === 1, time: bedT, source: 'sleep' };
  if (spaceT !== null && r.presence !== null) return { in_bed: r.presence, time: spaceT, source: 'space' };
  return null;
}
