import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import { DataSource, DeviceType, RealtimeEvent, USER_SYSTEM_SOURCE, localDayStart, nowUnix, type RealtimeAbnormal } from '@vigil/contracts';
import type { Database } from '../db/client.ts';
import { abnormalEvents } from '../db/schema/index.ts';
import { addMonitoredMember } from '../ingest/fixtures.ts';
import { escalateDue } from '../modules/alerts/escalation/escalate.ts';
import { connectStaff, loggedIn, openTestDatabase, record, seedWorld, startInstance, until, wait, type Instance, type World } from '../../test/realtime.ts';

/**
 * SPEC's user channel: alerts from a member's own FORA D40g (the member system's device) travel
 * on `userAbnormal` / `userAbnormalHandle`, never on the staff events, and a new one is announced
 * only if it occurred today (SPEC §4).
 */
let database: Database;
let instance: Instance;
let world: World;
const sockets: ClientSocket[] = [];
const gateway = () => ({ kind: 'gateway' as const, gatewayId: 0, orgId: world.a.orgId });
const pressure = (serial: string, occur_time: number) => ({
  serial,
  kind: 'bloodPressure',
  source: DataSource.foraD40g,
  occur_time,
  values: { sys: 188, dia: 112 },
});

async function open(token: string): Promise<ClientSocket> {
  const socket = connectStaff(instance.url, token);
  sockets.push(socket);
  await loggedIn(socket);
  return socket;
}

const alertsOf = async (memberId: number) => database.db.select().from(abnormalEvents).where(eq(abnormalEvents.memberId, memberId));

beforeAll(async () => {
  database = await openTestDatabase();
  instance = await startInstance(database);
  world = await seedWorld(database, 'UserChannel');
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await instance.close();
  await database.close();
});

describe('member-system alerts on the user channel', () => {
  it('announces today’s alert on userAbnormal and its handling on userAbnormalHandle; yesterday’s is stored but not announced', async () => {
    const today = await addMonitoredMember(database.db, world.a.orgId, world.a.areaIds[0], 'Today', DeviceType.foraD40g);
    const yesterday = await addMonitoredMember(database.db, world.a.orgId, world.a.areaIds[0], 'Yesterday', DeviceType.foraD40g);
    const [admin, other] = await Promise.all([open(world.a.admin.token), open(world.b.admin.token)]);
    const events = [RealtimeEvent.userAbnormal, RealtimeEvent.userAbnormalHandle, RealtimeEvent.abnormal, RealtimeEvent.abnormalHandle];
    const seen = record(admin, events);
    const seenOther = record(other, events);

    // Yesterday's reading first (a meter uploading its memory late), then today's. "Today" is read
    // at the moment of sending, never before midnight of a run that crosses it (UTC+8's midnight is
    // 16:00 UTC, when CI may well be running).
    const sentAt = nowUnix();
    await instance.app.ingest.ingest(gateway(), [pressure(yesterday.device.serial, localDayStart(sentAt) - 6 * 3600)]);
    await instance.app.ingest.ingest(gateway(), [pressure(today.device.serial, Math.max(sentAt - 120, localDayStart(sentAt)))]);
    const [todays] = await alertsOf(today.member.id);
    const yesterdays = await alertsOf(yesterday.member.id);
    expect(yesterdays.length).toBeGreaterThan(0);

    await until(() => seen.length > 0);
    await wait(100);
    expect(seen.map((s) => s.event)).toEqual(seen.map(() => RealtimeEvent.userAbnormal));
    const announced = seen.map((s) => s.payload as RealtimeAbnormal);
    expect(announced.every((a) => a.source.type === USER_SYSTEM_SOURCE && a.source.user?.id === today.member.id)).toBe(true);
    expect(announced.map((a) => a.id)).toContain(todays.id);
    expect(seenOther).toHaveLength(0);

    // Both are in the list, as user-system alerts.
    const list = await instance.app.inject({
      method: 'GET',
      url: `${instance.app.config.apiPrefix}/abnormal`,
      query: { per_page: '-1' },
      headers: { authorization: `Bearer ${world.a.admin.token}` },
    });
    const sources = (list.json().data.list as RealtimeAbnormal[]).filter((a) => a.source.type === USER_SYSTEM_SOURCE).map((a) => a.source.user?.id);
    expect(new Set(sources)).toEqual(new Set([today.member.id, yesterday.member.id]));

    // Handling today's alert goes out on userAbnormalHandle.
    seen.length = 0;
    const handled = await instance.app.inject({
      method: 'POST',
      url: `${instance.app.config.apiPrefix}/handle/abnormal`,
      headers: { authorization: `Bearer ${world.a.admin.token}` },
      payload: { abnormal_id: todays.id, content: 'Rested and measured again' },
    });
    expect(handled.statusCode, handled.body).toBe(200);
    await until(() => seen.some((s) => s.event === RealtimeEvent.userAbnormalHandle));
    expect(seen.find((s) => s.event === RealtimeEvent.userAbnormalHandle)?.payload).toMatchObject({ id: todays.id, is_handle: true });
    expect(seen.some((s) => s.event === RealtimeEvent.abnormalHandle)).toBe(false);

    // Yesterday's is long overdue: the escalation stamps it, and still does not announce it.
    seen.length = 0;
    const escalated = await escalateDue(instance.app);
    const [stamped] = await alertsOf(yesterday.member.id);
    expect(stamped.escalatedAt).not.toBeNull();
    expect(escalated.map((a) => a.id)).not.toContain(stamped.id);
    await wait(100);
    expect(seen.filter((s) => (s.payload as RealtimeAbnormal).id === stamped.id)).toHaveLength(0);
  });
});
