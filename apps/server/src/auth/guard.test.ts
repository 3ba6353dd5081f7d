import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode, Role, loginResponse } from '@vigil/contracts';
import { apiGroups, roles, tempRoles } from '../db/schema/index.ts';
import { registerModules } from '../modules/index.ts';
import { createWorld, type World } from '../../test/fixtures.ts';
import { api, buildTestApp, login, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();
let world: World;
beforeAll(async () => {
  world = await createWorld(t.db);
});

async function groupIdOf(role: number): Promise<number> {
  const [row] = await t.db.select({ id: roles.apiGroupId }).from(roles).where(eq(roles.id, role));
  return row.id;
}

describe('permission guard', () => {
  it('denies with -3 and 403 a pair missing from the role group', async () => {
    const token = await login(t.app, 'tstaffa');
    const res = await api(t.app, token).post('/area', { name: 'Annex' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: ErrorCode.noPermission, message: expect.any(String) });
  });

  it('denies a route that declares no permission to everyone, even operators', async () => {
    const app = await buildTestApp(t.database, {}, async (scope) => {
      await scope.register(registerModules);
      scope.get('/undeclared', async () => ({ data: 'secret' }));
    });
    try {
      const token = await login(app, 'tengineer');
      const res = await api(app, token).get('/undeclared');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(ErrorCode.noPermission);
    } finally {
      await app.close();
    }
  });

  it('follows an edit of the stored group at once: sign-in answer and checks', async () => {
    const group = await groupIdOf(Role.orgStaff);
    const token = await login(t.app, 'tstaffa');
    expect((await api(t.app, token).get('/personal')).statusCode).toBe(200);
    const without = sql`(select coalesce(jsonb_agg(p), '[]'::jsonb) from jsonb_array_elements(${apiGroups.permissions}) p
      where p <> '{"route":"/personal","method":"GET"}'::jsonb)`;
    const [{ before }] = await t.db.select({ before: apiGroups.permissions }).from(apiGroups).where(eq(apiGroups.id, group));
    await t.db.update(apiGroups).set({ permissions: without }).where(eq(apiGroups.id, group));
    try {
      expect((await api(t.app, token).get('/personal')).json().code).toBe(ErrorCode.noPermission);
      const fresh = await api(t.app).post('/login', { account: 'tstaffa', password: 'Test1234' });
      expect(fresh.json().data.api).not.toContainEqual({ route: '/personal', method: 'GET' });
    } finally {
      await t.db.update(apiGroups).set({ permissions: before }).where(eq(apiGroups.id, group));
    }
    expect((await api(t.app, token).get('/personal')).statusCode).toBe(200);
  });

  it('adds an unexpired temporary role: its group and sidebar in the sign-in answer and the checks', async () => {
    const token = await login(t.app, 'tstaffa');
    // Deleting an area that does not exist: 403 without the pair, 404 (-7) with it.
    expect((await api(t.app, token).delete('/area/999999')).statusCode).toBe(403);
    const [grant] = await t.db
      .insert(tempRoles)
      .values({ staffId: world.accounts.staffA, role: Role.orgAdmin, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: tempRoles.id });
    try {
      expect((await api(t.app, token).delete('/area/999999')).statusCode).toBe(404);
      const res = await api(t.app).post('/login', { account: 'tstaffa', password: 'Test1234' });
      const data = loginResponse.parse(res.json().data);
      expect(data.router).toBe(Role.orgStaff);
      expect(data.api).toContainEqual({ route: '/area', method: 'POST' });
      expect(JSON.stringify(data.sidebar)).toContain('/area');
      await t.db.update(tempRoles).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tempRoles.id, grant.id));
      expect((await api(t.app, token).delete('/area/999999')).statusCode).toBe(403);
    } finally {
      await t.db.delete(tempRoles).where(eq(tempRoles.id, grant.id));
    }
  });

  it('lets any live session sign out, whatever its group', async () => {
    const group = await groupIdOf(Role.pharmacyStaff);
    const [{ before }] = await t.db.select({ before: apiGroups.permissions }).from(apiGroups).where(eq(apiGroups.id, group));
    await t.db.update(apiGroups).set({ permissions: [] }).where(eq(apiGroups.id, group));
    try {
      const token = await login(t.app, 'tpharm');
      expect((await api(t.app, token).post('/logout')).statusCode).toBe(200);
    } finally {
      await t.db.update(apiGroups).set({ permissions: before }).where(eq(apiGroups.id, group));
    }
  });
});

describe('GET /sidebar', () => {
  it('returns the stored sidebar of the role', async () => {
    const token = await login(t.app, 'tadmina');
    const [role] = await t.db.select({ sidebar: roles.sidebar }).from(roles).where(eq(roles.id, Role.orgAdmin));
    const res = await api(t.app, token).get('/sidebar');
    expect(res.json()).toEqual({ data: role.sidebar });
  });
});

describe('GET /api (permission catalogue)', () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = t.app;
  });

  it('lists every declared pair, paged and filtered by method and route', async () => {
    const token = await login(app, 'tengineer');
    const all = await api(app, token).get('/api', { per_page: -1 });
    const list = all.json().data.list;
    for (const pair of [
      { route: '/area', method: 'GET' },
      { route: '/area/{id}', method: 'GET' },
      { route: '/area/enable/{id}', method: 'PATCH' },
      { route: '/personal/password', method: 'PUT' },
      { route: '/file/headshot/{id}', method: 'GET' },
    ]) {
      expect(list).toContainEqual(pair);
    }
    expect(list).not.toContainEqual(expect.objectContaining({ route: '/login' }));
    const filtered = await api(app, token).get('/api', { method: 'PATCH', route: '/area', per_page: 1, page: 2 });
    expect(filtered.json().data).toMatchObject({ current_page: 2, per_page: 1, total: 2, last_page: 2 });
  });

  it('is refused to a role without the pair', async () => {
    const token = await login(app, 'tstaffa');
    expect((await api(app, token).get('/api')).json().code).toBe(ErrorCode.noPermission);
  });
});
