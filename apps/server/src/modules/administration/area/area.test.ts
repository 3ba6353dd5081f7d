import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, Role, areaRow, dataEnvelope, paginated, toUnix } from '@vigil/contracts';
import { areas, tempRoles } from '../../../db/schema/index.ts';
import { createArea, createStaff, createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
let world: World;
const tokens: Record<'engineer' | 'adminA' | 'areaA1' | 'adminB', string> = { engineer: '', adminA: '', areaA1: '', adminB: '' };
beforeAll(async () => {
  world = await createWorld(t.db);
  // Operators have no /area page by default; a temporary org-admin role lends the pairs, while the
  // engineer's own role keeps its operator scope.
  await t.db
    .insert(tempRoles)
    .values({ staffId: world.accounts.engineer, role: Role.orgAdmin, expiresAt: new Date(Date.now() + 3_600_000) });
  tokens.engineer = await login(t.app, 'tengineer');
  tokens.adminA = await login(t.app, 'tadmina');
  tokens.areaA1 = await login(t.app, 'tareaa1');
  tokens.adminB = await login(t.app, 'tadminb');
});

const listShape = dataEnvelope(paginated(areaRow));

describe('/area list', () => {
  beforeAll(async () => {
    for (const name of ['T Alpha', 'T Beta', 'T Gamma', 'T 100% Delta', 'T under_score']) await createArea(t.db, world.orgs.careB, name);
  });

  it('pages with page/per_page and reports the SPEC §3 envelope', async () => {
    const res = await api(t.app, tokens.adminB).get('/area', { page: 2, per_page: 2 });
    const data = listShape.parse(res.json()).data;
    // careB: T Ward B1 plus the five above.
    expect(data).toMatchObject({ current_page: 2, per_page: 2, total: 6, last_page: 3 });
    expect(data.list.map((a) => a.name)).toEqual(['T Beta', 'T Gamma']);
  });

  it('returns everything with per_page -1, and defaults to page 1, 15 rows, id ascending', async () => {
    const all = listShape.parse((await api(t.app, tokens.adminB).get('/area', { per_page: -1 })).json()).data;
    expect(all).toMatchObject({ current_page: 1, last_page: 1, total: 6, per_page: 6 });
    const plain = listShape.parse((await api(t.app, tokens.adminB).get('/area')).json()).data;
    expect(plain.per_page).toBe(15);
    expect(plain.list.map((a) => a.id)).toEqual([...plain.list.map((a) => a.id)].sort((a, b) => a - b));
  });

  it('orders by a whitelisted column and rejects any other with -5', async () => {
    const byName = listShape.parse((await api(t.app, tokens.adminB).get('/area', { order_by: 'name', order: 'desc' })).json()).data;
    const names = byName.list.map((a) => a.name);
    expect(names).toEqual([...names].sort().reverse());
    const bad = await api(t.app, tokens.adminB).get('/area', { order_by: 'password_hash' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe(ErrorCode.validationFailed);
    expect(bad.json().errors[0].field).toBe('order_by');
  });

  it('treats -1 as unset for order, order_by, name and filters', async () => {
    const res = await api(t.app, tokens.adminB).get('/area', { order: -1, order_by: -1, name: -1, area_id: -1, start_date: -1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(6);
  });

  it('matches name and keyword case-insensitively, taking % and _ literally', async () => {
    const name = async (q: string) => (await api(t.app, tokens.adminB).get('/area', { name: q })).json().data.list.map((a: { name: string }) => a.name);
    expect(await name('alpha')).toEqual(['T Alpha']);
    expect(await name('%')).toEqual(['T 100% Delta']);
    expect(await name('_')).toEqual(['T under_score']);
    const keyword = await api(t.app, tokens.adminB).get('/area', { keyword: 'GAMMA' });
    expect(keyword.json().data.total).toBe(1);
    const special = await api(t.app, tokens.adminB).get('/area', { name: 'a<b' });
    expect(special.json().code).toBe(ErrorCode.validationFailed);
  });

  it('filters by start_date and end_date (unix seconds, inclusive) on created_at', async () => {
    const [old] = await t.db.select().from(areas).where(eq(areas.name, 'T Alpha'));
    await t.db.update(areas).set({ createdAt: new Date('2020-01-01T00:00:00Z') }).where(eq(areas.id, old.id));
    const day = toUnix(new Date('2020-01-01T00:00:00Z'));
    const onlyOld = await api(t.app, tokens.adminB).get('/area', { start_date: day, end_date: day + 86_399 });
    expect(onlyOld.json().data.list.map((a: { id: number }) => a.id)).toEqual([old.id]);
    const recent = await api(t.app, tokens.adminB).get('/area', { start_date: day + 86_400 });
    expect(recent.json().data.total).toBe(5);
    expect((await api(t.app, tokens.adminB).get('/area', { start_date: 'yesterday' })).json().code).toBe(ErrorCode.validationFailed);
  });
});

describe('/area tenant scope', () => {
  it('shows an organisation admin only their organisation, an area admin only their area, an operator all', async () => {
    const orgIds = async (token: string) =>
      new Set((await api(t.app, token).get('/area', { per_page: -1 })).json().data.list.map((a: { org_id: number }) => a.org_id));
    expect(await orgIds(tokens.adminA)).toEqual(new Set([world.orgs.careA]));
    const mine = (await api(t.app, tokens.areaA1).get('/area', { per_page: -1 })).json().data.list;
    expect(mine.map((a: { id: number }) => a.id)).toEqual([world.areas.areaA1]);
    const everything = await orgIds(tokens.engineer);
    expect(everything.has(world.orgs.careA) && everything.has(world.orgs.careB)).toBe(true);
  });

  it('answers -7 for an unknown id and for another organisation’s id, on every call', async () => {
    const other = world.areas.areaB1;
    for (const id of [999_999, other]) {
      const client = api(t.app, tokens.adminA);
      for (const res of [
        await client.get(`/area/${id}`),
        await client.put(`/area/${id}`, { name: 'T Stolen' }),
        await client.patch(`/area/${id}`, { name: 'T Stolen' }),
        await client.patch(`/area/enable/${id}`, { enable: false }),
        await client.delete(`/area/${id}`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(ErrorCode.notFound);
      }
    }
    const [b1] = await t.db.select().from(areas).where(eq(areas.id, other));
    expect(b1).toMatchObject({ name: 'T Ward B1', enabled: true });
    // The area admin cannot reach a sibling area of their own organisation either.
    expect((await api(t.app, tokens.areaA1).get(`/area/${world.areas.areaA2}`)).statusCode).toBe(404);
  });

  it('creates in the caller’s organisation; another organisation is -3; operators choose', async () => {
    const own = await api(t.app, tokens.adminA).post('/area', { name: 'T New A' });
    expect(own.statusCode).toBe(200);
    expect(dataEnvelope(areaRow).parse(own.json()).data).toMatchObject({ org_id: world.orgs.careA, name: 'T New A', enable: true, remark: null });
    const foreign = await api(t.app, tokens.adminA).post('/area', { name: 'T Sneaky', org_id: world.orgs.careB });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe(ErrorCode.noPermission);
    const byOperator = await api(t.app, tokens.engineer).post('/area', { name: 'T From ops', org_id: world.orgs.careB });
    expect(byOperator.json().data.org_id).toBe(world.orgs.careB);
    // An area admin cannot create areas at all.
    expect((await api(t.app, tokens.areaA1).post('/area', { name: 'T Mine' })).json().code).toBe(ErrorCode.noPermission);
  });
});

describe('/area writes', () => {
  it('answers -6 with 409 for a duplicate name in the organisation, and allows it in another', async () => {
    await api(t.app, tokens.adminA).post('/area', { name: 'T Twin' });
    const dup = await api(t.app, tokens.adminA).post('/area', { name: 'T Twin' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: ErrorCode.duplicate, message: expect.any(String) });
    expect((await api(t.app, tokens.adminB).post('/area', { name: 'T Twin' })).statusCode).toBe(200);
  });

  it('rejects unknown fields, blank names and special characters with -5', async () => {
    for (const body of [{ name: 'T Ok', owner: 1 }, { name: '   ' }, { name: 'T <script>' }, {}]) {
      const res = await api(t.app, tokens.adminA).post('/area', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe(ErrorCode.validationFailed);
    }
    const created = (await api(t.app, tokens.adminA).post('/area', { name: 'T Strict' })).json().data;
    expect((await api(t.app, tokens.adminA).patch(`/area/${created.id}`, { org_id: world.orgs.careB })).json().code).toBe(ErrorCode.validationFailed);
    expect((await api(t.app, tokens.adminA).put(`/area/${created.id}`, { remark: 'no name' })).json().code).toBe(ErrorCode.validationFailed);
  });

  it('replaces with PUT, updates some fields with PATCH, toggles with PATCH /enable, deletes', async () => {
    const client = api(t.app, tokens.adminA);
    const created = (await client.post('/area', { name: 'T Cycle', remark: 'first' })).json().data;
    const put = (await client.put(`/area/${created.id}`, { name: 'T Cycle 2' })).json().data;
    expect(put).toMatchObject({ name: 'T Cycle 2', remark: 'first' });
    const patched = (await client.patch(`/area/${created.id}`, { remark: 'second' })).json().data;
    expect(patched).toMatchObject({ name: 'T Cycle 2', remark: 'second' });
    expect(patched.updated_at).toBeGreaterThanOrEqual(created.updated_at);
    expect((await client.patch(`/area/enable/${created.id}`, { ...patched, enable: false })).json().data.enable).toBe(false);
    expect((await client.patch(`/area/enable/${created.id}`)).json().data.enable).toBe(true);
    expect((await client.get(`/area/${created.id}`)).json().data).toMatchObject({ id: created.id, enable: true });
    expect((await client.delete(`/area/${created.id}`)).json()).toEqual({ data: null });
    expect((await client.get(`/area/${created.id}`)).json().code).toBe(ErrorCode.notFound);
  });

  it('refuses with -8 to delete an area still in use', async () => {
    const id = await createArea(t.db, world.orgs.careA, 'T Busy');
    await createStaff(t.db, { account: 'tbusy', orgId: world.orgs.careA, role: Role.orgStaff, areaId: id });
    const res = await api(t.app, tokens.adminA).delete(`/area/${id}`);
    expect(res.json().code).toBe(ErrorCode.processError);
    expect(res.body).not.toMatch(/foreign|constraint|delete from/i);
  });

  it('rejects a malformed id with -5', async () => {
    expect((await api(t.app, tokens.adminA).get('/area/abc')).json().code).toBe(ErrorCode.validationFailed);
    expect((await api(t.app, tokens.adminA).get('/area/99999999999')).json().code).toBe(ErrorCode.validationFailed);
  });
});
