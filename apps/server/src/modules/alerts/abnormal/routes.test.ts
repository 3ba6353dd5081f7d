import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AbnormalCategory,
  AbnormalType,
  DataSource,
  DeviceType,
  ErrorCode,
  Role,
  abnormalDetailView,
  abnormalListItem,
  nowUnix,
} from '@vigil/contracts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { abnormalEvents, apiGroups, members, roles } from '../../../db/schema/index.ts';
import { addMonitoredMember } from '../../../ingest/fixtures.ts';

const t = useTestApp();
let world: World;
let token: string;
let memberId: number;
let serial: string;
const now = nowUnix();
const gateway = () => ({ kind: 'gateway' as const, gatewayId: 0, orgId: world.orgs.careA });
const temperature = (occur_time: number, value: number) => ({
  serial,
  kind: 'bodyTemperature',
  source: DataSource.temperaturePatch1m,
  occur_time,
  values: { value },
});

beforeAll(async () => {
  world = await createWorld(t.db);
  const patch = await addMonitoredMember(
    t.db,
    world.orgs.careA,
    world.areas.areaA1,
    'Cleo',
    DeviceType.temperaturePatch,
  );
  memberId = patch.member.id;
  serial = patch.device.serial;
  await t.db.update(members).set({ room: '203', bed: 'B' }).where(eq(members.id, memberId));
  // The follow toggle is its own permission pair; grant it to the org admin's group for the test.
  const [role] = await t.db.select().from(roles).where(eq(roles.id, Role.orgAdmin));
  const [group] = await t.db.select().from(apiGroups).where(eq(apiGroups.id, role.apiGroupId));
  await t.db
    .update(apiGroups)
    .set({
      permissions: [
        ...group.permissions,
        { route: '/abnormal/follow/{id}', method: 'PATCH' },
        { route: '/abnormal/acknowledge/{id}', method: 'POST' },
        { route: '/abnormal/snooze', method: 'GET' },
        { route: '/abnormal/snooze', method: 'POST' },
        { route: '/abnormal/snooze/{id}', method: 'DELETE' },
        { route: '/abnormal/burden', method: 'GET' },
      ],
    })
    .where(eq(apiGroups.id, group.id));
  token = await login(t.app, 'tadmina');
});

describe('abnormal events', () => {
  it('raises at the standard, lists with filters, hands out the detail', async () => {
    const published: unknown[] = [];
    t.app.events.on('abnormal', (e) => published.push(e.payload));
    await t.app.ingest.ingest(gateway(), [
      temperature(now - 600, 37.5),
      temperature(now - 540, 38.4),
      temperature(now - 480, 38.9),
    ]);
    // One alert: the second crossing is merged into it (its count), announced as an update.
    expect(published).toHaveLength(2);
    // The live alert says where the member is, so a nurse can go straight to the bed.
    expect(abnormalListItem.strict().parse(published[0]).source.user).toEqual({ id: memberId, name: 'Cleo', room: '203', bed: 'B' });
    expect(published[1]).toMatchObject({ id: (published[0] as { id: number }).id, count: 2, last_occur_time: now - 480 });

    const res = await api(t.app, token).get('/abnormal', {
      is_handle: 0,
      user_id: memberId,
      class: AbnormalCategory.physiological,
      start_date: now - 3600,
      end_date: now,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      type: AbnormalType.bodyTemperatureHigh,
      detail: { value: 38.4, standard: 37.5 },
      is_handle: false,
      count: 2,
      acknowledged_until: null,
      source: {
        type: 'device_bind',
        user: { id: memberId, name: 'Cleo', room: '203', bed: 'B' },
        area: { id: world.areas.areaA1 },
        device: { type: DeviceType.temperaturePatch },
      },
      handle: null,
    });
    expect((await api(t.app, token).get('/abnormal', { type: AbnormalType.sos })).json().data.total).toBe(0);
    const detail = await api(t.app, token).get(`/abnormal/${page.list[0].id}`);
    expect(abnormalDetailView.parse(detail.json().data).handles).toEqual([]);
  });

  it('handles an event: processed, who and when, announced; a new crossing opens a new event', async () => {
    expect((await api(t.app, token).get('/abnormal', { is_handle: 7 })).json().code).toBe(ErrorCode.validationFailed);
    const [open] = (await api(t.app, token).get('/abnormal', { is_handle: 0 })).json().data.list;
    const handled: unknown[] = [];
    t.app.events.on('abnormalHandled', (e) => handled.push(e.payload));
    const res = await api(t.app, token).post('/handle/abnormal', {
      abnormal_id: open.id,
      content: 'Cooled and rechecked',
      remark: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      is_handle: true,
      handle: { content: 'Cooled and rechecked', staff_name: 'Test tadmina' },
      handles: [{ content: 'Cooled and rechecked' }],
    });
    expect(handled).toMatchObject([{ id: open.id, is_handle: true }]);

    await t.app.ingest.ingest(gateway(), [temperature(now - 60, 38.6)]);
    const list = (await api(t.app, token).get('/abnormal', { user_id: memberId, per_page: -1 })).json().data;
    expect(list.total).toBe(2);
    expect((await api(t.app, token).get('/abnormal', { is_handle: 1 })).json().data.total).toBe(1);
  });

  it('toggles follow and records who did it', async () => {
    const [row] = (await api(t.app, token).get('/abnormal')).json().data.list;
    const first = await api(t.app, token).patch(`/abnormal/follow/${row.id}`, {});
    expect(first.json().data.is_follow).toBe(true);
    const second = await api(t.app, token).patch(`/abnormal/follow/${row.id}`, { is_follow: true });
    expect(second.json().data.is_follow).toBe(true);
    const third = await api(t.app, token).patch(`/abnormal/follow/${row.id}`);
    expect(third.json().data.is_follow).toBe(false);
  });

  it('is invisible to another organisation', async () => {
    const other = await login(t.app, 'tadminb');
    const [row] = (await api(t.app, token).get('/abnormal')).json().data.list;
    expect((await api(t.app, other).get('/abnormal')).json().data.total).toBe(0);
    expect((await api(t.app, other).get(`/abnormal/${row.id}`)).json().code).toBe(ErrorCode.notFound);
    expect(
      (await api(t.app, other).post('/handle/abnormal', { abnormal_id: row.id, content: 'x' })).statusCode,
    ).toBe(404);
  });

  it('acknowledges without resolving: silent for the minutes asked, still open, announced to every console', async () => {
    await t.app.ingest.ingest(gateway(), [temperature(now - 30, 39.1)]);
    const [open] = (await api(t.app, token).get('/abnormal', { is_handle: 0, user_id: memberId })).json().data.list;
    const published: Array<{ id: number; acknowledged_until: number | null }> = [];
    t.app.events.on('abnormal', (e) => published.push(e.payload as never));
    expect((await api(t.app, token).post(`/abnormal/acknowledge/${open.id}`, { minutes: 7 })).json().code).toBe(ErrorCode.validationFailed);
    const res = await api(t.app, token).post(`/abnormal/acknowledge/${open.id}`, { minutes: 10 });
    expect(res.statusCode).toBe(200);
    const until = res.json().data.acknowledged_until as number;
    expect(until).toBeGreaterThanOrEqual(nowUnix() + 590);
    expect(res.json().data).toMatchObject({ is_handle: false, acknowledged_by: 'Test tadmina' });
    expect(published.at(-1)).toMatchObject({ id: open.id, acknowledged_until: until });
    // Still listed as open: acknowledging is not handling.
    const again = (await api(t.app, token).get('/abnormal', { is_handle: 0, user_id: memberId })).json().data.list;
    expect(again.map((r: { id: number }) => r.id)).toContain(open.id);
    const other = await login(t.app, 'tadminb');
    expect((await api(t.app, other).post(`/abnormal/acknowledge/${open.id}`, { minutes: 10 })).statusCode).toBe(404);
  });

  it('snoozes one member and one type, refuses a high priority, replaces and ends a snooze', async () => {
    const changes: unknown[] = [];
    t.app.events.on('abnormalSnooze', (e) => changes.push(e.payload));
    const body = { user_id: memberId, type: AbnormalType.bodyTemperatureHigh, minutes: 30 };
    const res = await api(t.app, token).post('/abnormal/snooze', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: memberId, user_name: 'Cleo', type: AbnormalType.bodyTemperatureHigh, staff_name: 'Test tadmina' });
    const longer = await api(t.app, token).post('/abnormal/snooze', { ...body, minutes: 60 });
    expect(longer.json().data.id).toBe(res.json().data.id);
    expect(longer.json().data.until).toBeGreaterThan(res.json().data.until);
    expect(changes).toHaveLength(2);

    const high = await api(t.app, token).post('/abnormal/snooze', { ...body, type: AbnormalType.sos });
    expect(high.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'type', message: 'abnormal.snooze.highPriority' }] });
    expect((await api(t.app, token).post('/abnormal/snooze', { ...body, minutes: 1 })).json().errors[0].field).toBe('minutes');

    const other = await login(t.app, 'tadminb');
    expect((await api(t.app, other).post('/abnormal/snooze', body)).json().errors[0].field).toBe('user_id');
    expect((await api(t.app, other).get('/abnormal/snooze')).json().data).toEqual([]);
    expect((await api(t.app, token).get('/abnormal/snooze')).json().data).toHaveLength(1);
    expect((await api(t.app, other).delete(`/abnormal/snooze/${res.json().data.id}`)).statusCode).toBe(404);
    expect((await api(t.app, token).delete(`/abnormal/snooze/${res.json().data.id}`)).statusCode).toBe(200);
    expect((await api(t.app, token).get('/abnormal/snooze')).json().data).toEqual([]);
  });

  it('measures the alert burden: per member per day, response percentiles, share needing no action', async () => {
    const [open] = (await api(t.app, token).get('/abnormal', { is_handle: 0, user_id: memberId })).json().data.list;
    await api(t.app, token).post('/handle/abnormal', { abnormal_id: open.id, content: 'Rechecked, fine', no_action: true });
    const res = await api(t.app, token).get('/abnormal/burden', { start_date: now - 86_400, end_date: now + 60, utc_offset: 480 });
    expect(res.statusCode, res.body).toBe(200);
    const burden = res.json().data;
    const cleo = burden.members.find((m: { user_id: number }) => m.user_id === memberId);
    // Two events (the later crossings were merged into the second), both answered.
    expect(cleo.total).toBe(2);
    expect(cleo.by_day.reduce((a: number, d: { count: number }) => a + d.count, 0)).toBe(2);
    expect(burden.days.length).toBeGreaterThanOrEqual(2);
    expect(burden.handled).toBe(2);
    expect(burden.no_action).toBe(1);
    expect(burden.no_action_share).toBe(0.5);
    expect(burden.response.responded).toBe(2);
    expect(burden.response.p50).toBeGreaterThanOrEqual(0);
    expect(burden.response.p95).toBeGreaterThanOrEqual(burden.response.p50);
    expect((await api(t.app, token).get('/abnormal/burden', { start_date: now, end_date: now - 10 })).json().errors[0].field).toBe('end_date');
    const other = await login(t.app, 'tadminb');
    expect((await api(t.app, other).get('/abnormal/burden', { start_date: now - 86_400, end_date: now })).json().data.total).toBe(0);
  });
});

// Last: the falls it adds would otherwise show in the burden and list figures above.
describe('abnormal log paging', () => {
  it('pages through the log newest first: every event once, in order, the deep pages read from the end', async () => {
    // Seven handled falls, two of them at the same moment (id breaks the tie).
    const times = [now - 7000, now - 6000, now - 5000, now - 5000, now - 3000, now - 2000, now - 1000];
    await t.db.insert(abnormalEvents).values(
      times.map((time) => ({ orgId: world.orgs.careA, areaId: world.areas.areaA1, memberId, type: AbnormalType.fall, category: AbnormalCategory.fall, occurTime: new Date(time * 1000), isHandle: true })),
    );
    const query = { type: AbnormalType.fall, user_id: memberId, order_by: 'occur_time', order: 'desc' };
    const all = (await api(t.app, token).get('/abnormal', { ...query, per_page: -1 })).json().data.list as { id: number; occur_time: number }[];
    expect(all.map((e) => e.occur_time)).toEqual([...times].reverse());
    const paged: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const data = (await api(t.app, token).get('/abnormal', { ...query, per_page: 2, page })).json().data;
      expect(data).toMatchObject({ total: 7, last_page: 4, current_page: page });
      paged.push(...data.list.map((e: { id: number }) => e.id));
    }
    expect(paged).toEqual(all.map((e) => e.id));
  });
});
