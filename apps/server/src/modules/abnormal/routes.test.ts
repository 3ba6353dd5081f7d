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
import { api, login, useTestApp } from '../../../test/helpers.ts';
import { createWorld, type World } from '../../../test/fixtures.ts';
import { apiGroups, members, roles } from '../../db/schema/index.ts';
import { addMonitoredMember } from '../../ingest/fixtures.ts';
import { ingestServiceOf } from '../../ingest/index.ts';

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
    .set({ permissions: [...group.permissions, { route: '/abnormal/follow/{id}', method: 'PATCH' }] })
    .where(eq(apiGroups.id, group.id));
  token = await login(t.app, 'tadmina');
});

describe('abnormal events', () => {
  it('raises at the standard, lists with filters, hands out the detail', async () => {
    const published: unknown[] = [];
    t.app.events.on('abnormal', (e) => published.push(e.payload));
    await ingestServiceOf(t.app).ingest(gateway(), [
      temperature(now - 600, 37.5),
      temperature(now - 540, 38.4),
      temperature(now - 480, 38.9),
    ]);
    expect(published).toHaveLength(1);
    // The live alert says where the member is, so a nurse can go straight to the bed.
    expect(abnormalListItem.strict().parse(published[0]).source.user).toEqual({ id: memberId, name: 'Cleo', room: '203', bed: 'B' });

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

    await ingestServiceOf(t.app).ingest(gateway(), [temperature(now - 60, 38.6)]);
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
});
