import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, Resource, listQuery, resourceContract, textField } from '@vigil/contracts';
import { areas } from '../db/schema/index.ts';
import { authRoutes } from '../modules/administration/auth/routes.ts';
import { createWorld } from '../../test/fixtures.ts';
import { api, buildTestApp, login, useTestApp } from '../../test/helpers.ts';
import { defineResource, type WriteAction } from './define.ts';
import { time } from './wire.ts';

const t = useTestApp();
const seen: { action: WriteAction; before: string | null; after: string | null }[] = [];

/** A second resource over areas with hooks, to prove they share the write's transaction. */
const probe = defineResource({
  resource: resourceContract({
    path: Resource.area,
    row: z.object({ id: z.number(), name: z.string(), remark: z.string().nullable(), created_at: z.number() }),
    create: z.strictObject({ name: textField({ max: 100 }) }),
    update: z.strictObject({ name: textField({ max: 100 }) }),
    listQuery: listQuery(['id', 'name']),
  }),
  table: areas,
  wire: { id: areas.id, name: areas.name, remark: areas.remark, created_at: time(areas.createdAt) },
  scope: { org: areas.orgId, area: areas.id },
  placeArea: false,
  toInsert: (body, placement) => ({ orgId: placement.orgId, name: body.name }),
  toUpdate: (body) => ({ ...(body.name !== undefined && { name: body.name }) }),
  beforeWrite: ({ action, values }) => (action === 'create' ? { ...values, remark: 'stamped in beforeWrite' } : undefined),
  afterWrite: async ({ tx, action, before, after }) => {
    seen.push({ action, before: before?.name ?? null, after: after?.name ?? null });
    // Written in the same transaction: it must vanish with the write when the hook fails.
    await tx.insert(areas).values({ orgId: (await tx.select().from(areas).limit(1))[0].orgId, name: `shadow of ${after?.name ?? before?.name}` });
    if (after?.name.includes('Boom') || before?.name.includes('Boom')) throw new Error('hook failed after the write');
  },
});

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  await createWorld(t.db);
  app = await buildTestApp(t.database, {}, async (scope) => {
    await scope.register(authRoutes);
    await scope.register(probe);
    scope.get('/boom', { config: { access: 'session' } }, async () => {
      throw new Error('select password_hash from staff where secret');
    });
    scope.get('/bad-sql', { config: { access: 'session' } }, async () => {
      await scope.database.db.execute(sql`select * from no_such_table_xyz`);
      return { data: null };
    });
  });
  token = await login(app, 'tadmina');
});
afterAll(async () => {
  await app?.close();
});

const count = async (name: string) => (await t.db.select().from(areas).where(eq(areas.name, name))).length;

describe('resource hooks', () => {
  it('run beforeWrite and afterWrite inside the transaction of a successful write', async () => {
    const created = (await api(app, token).post('/area', { name: 'T Hooked' })).json().data;
    expect(created.remark).toBe('stamped in beforeWrite');
    expect(seen.at(-1)).toEqual({ action: 'create', before: null, after: 'T Hooked' });
    expect(await count('shadow of T Hooked')).toBe(1);
    await api(app, token).put(`/area/${created.id}`, { name: 'T Hooked 2' });
    expect(seen.at(-1)).toEqual({ action: 'update', before: 'T Hooked', after: 'T Hooked 2' });
    await api(app, token).delete(`/area/${created.id}`);
    expect(seen.at(-1)).toEqual({ action: 'delete', before: 'T Hooked 2', after: null });
  });

  it('roll the write back when afterWrite throws, and answer a bare 500', async () => {
    const res = await api(app, token).post('/area', { name: 'T Boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: ErrorCode.processError, message: 'System error' });
    expect(await count('T Boom')).toBe(0);
    expect(await count('shadow of T Boom')).toBe(0);
  });
});

describe('error answers', () => {
  it('never carry a stack, SQL or an internal message', async () => {
    for (const path of ['/boom', '/bad-sql']) {
      const res = await api(app, token).get(path);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: ErrorCode.processError, message: 'System error' });
      expect(res.body).not.toMatch(/select|password|no_such_table|at .*\.ts/i);
    }
  });

  it('answer an unknown route with -7', async () => {
    const res = await api(app, token).get('/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.notFound);
  });
});
