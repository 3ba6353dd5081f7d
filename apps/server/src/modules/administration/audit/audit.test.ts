import { beforeAll, describe, expect, it } from 'vitest';
import { DataSource, DeviceType, ErrorCode, auditRow, nowUnix, paginated } from '@vigil/contracts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { addMonitoredMember } from '../../../ingest/fixtures.ts';
import { isAudited } from '../../../audit/hook.ts';

const t = useTestApp();
let world: World;
let memberId: number;
let staffToken: string;
let adminToken: string;
const now = nowUnix();
const weekAgo = now - 7 * 86400;
const page = paginated(auditRow);

beforeAll(async () => {
  world = await createWorld(t.db);
  const watch = await addMonitoredMember(t.db, world.orgs.careA, world.areas.areaA1, 'Ada Audit', DeviceType.watchB10);
  memberId = watch.member.id;
  await t.app.ingest.ingest({ kind: 'gateway', gatewayId: 0, orgId: world.orgs.careA }, [
    { serial: watch.device.serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: now - 3600, values: { value: 72 } },
  ]);
  staffToken = await login(t.app, 'tstaffa');
  adminToken = await login(t.app, 'tadmina');
});

async function auditOf(token: string, query: Record<string, string | number> = {}) {
  const res = await api(t.app, token).get('/audit', { order: 'desc', order_by: 'id', per_page: 100, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return page.parse(res.json().data);
}

describe('audit trail', () => {
  it("shows the org admin that orgstaff read a member's heart-rate week: who, role, organisation, member, route, when, from where", async () => {
    const read = await api(t.app, staffToken, { ip: '10.1.2.3' }).get('/physiologic/heart/rate', {
      user_id: memberId,
      start_date: weekAgo,
      end_date: now,
      per_page: -1,
      order_by: 'occur_time',
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.list).toHaveLength(1);

    const { list } = await auditOf(adminToken, { user_id: memberId });
    const entry = list.find((e) => e.route === '/physiologic/heart/rate');
    expect(entry).toMatchObject({
      staff_id: world.accounts.staffA,
      staff_account: 'tstaffa',
      role: 4,
      org_id: world.orgs.careA,
      org_name: 'T Care A',
      member_id: memberId,
      member_name: 'Ada Audit',
      member_org_id: world.orgs.careA,
      resource: '/physiologic/heart/rate',
      method: 'GET',
      action: 'list',
      ip: '10.1.2.3',
    });
    expect(Math.abs(entry!.created_at - nowUnix())).toBeLessThanOrEqual(5);
  });

  it('records a detail read by id with the member of the record, and a change with its action', async () => {
    const { list: rows } = (await api(t.app, staffToken).get('/physiologic/heart/rate', { user_id: memberId })).json().data as { list: { id: number }[] };
    const readingId = rows[0].id;
    expect((await api(t.app, staffToken).get(`/physiologic/heart/rate/${readingId}`)).statusCode).toBe(200);
    expect((await api(t.app, adminToken).patch(`/physiologic/heart/rate/${readingId}`, { remark: 'checked' })).statusCode).toBe(200);

    const { list } = await auditOf(adminToken, { resource: '/physiologic' });
    expect(list.find((e) => e.action === 'detail')).toMatchObject({ record_id: readingId, member_id: memberId, route: '/physiologic/heart/rate/{id}' });
    expect(list.find((e) => e.action === 'update')).toMatchObject({ record_id: readingId, member_id: memberId, method: 'PATCH', staff_account: 'tadmina', role: 2 });
  });

  it('filters by action and keyword, and never records refused calls', async () => {
    await api(t.app, staffToken).get('/physiologic/heart/rate/2147483000');
    const { list } = await auditOf(adminToken, { action: 'detail', keyword: 'tstaffa' });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => e.action === 'detail' && e.staff_account === 'tstaffa')).toBe(true);
    expect(list.some((e) => e.record_id === 2147483000)).toBe(false);
  });

  it("is tenant-scoped: another organisation's admin sees none of it, staff may not read it", async () => {
    const adminB = await login(t.app, 'tadminb');
    const { list } = await auditOf(adminB);
    expect(list.filter((e) => e.member_id === memberId || e.org_id === world.orgs.careA)).toEqual([]);
    expect((await api(t.app, staffToken).get('/audit')).json().code).toBe(ErrorCode.noPermission);
  });

  it('answers -5 with the field for a bad filter', async () => {
    const res = await api(t.app, adminToken).get('/audit', { action: 'drop' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('action');
  });

  it('is append-only: the API offers no way to change or remove an entry', async () => {
    const { list } = await auditOf(adminToken);
    for (const call of [api(t.app, adminToken).delete(`/audit/${list[0].id}`), api(t.app, adminToken).put(`/audit/${list[0].id}`, {})]) {
      expect((await call).statusCode).toBe(404);
    }
  });

  it('classifies health-data reads and every write', () => {
    expect(isAudited('GET', '/physiologic/heart/rate')).toBe(true);
    expect(isAudited('GET', '/physiologic/heart/rate/chart')).toBe(true);
    expect(isAudited('GET', '/care/health/{id}')).toBe(true);
    expect(isAudited('GET', '/file/package-medicine/{id}')).toBe(true);
    expect(isAudited('GET', '/file/headshot/{id}')).toBe(false);
    expect(isAudited('GET', '/area')).toBe(false);
    expect(isAudited('GET', '/user')).toBe(false);
    expect(isAudited('GET', '/user/{id}')).toBe(true);
    expect(isAudited('POST', '/area')).toBe(true);
    expect(isAudited('POST', '/logout')).toBe(false);
  });
});
