import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, Resource, listQuery, optionalQueryInt, resourceContract, textField, toUnix } from '@vigil/contracts';
import { areas, members, recordChanges } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { time } from '../../../resources/wire.ts';
import { authRoutes } from '../auth/routes.ts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { api, buildTestApp, login, useTestApp } from '../../../../test/helpers.ts';
import { changeLogRoutes } from './routes.ts';

const t = useTestApp();

/**
 * A record kind that opts into the shared history, as a care record would: rows about a member,
 * placed in an area. It stands at /user so the fixture roles' real permission pairs apply.
 */
const recordRow = z.object({
  id: z.number(),
  org_id: z.number(),
  area_id: z.number().nullable(),
  name: z.string(),
  enable: z.boolean(),
  updated_at: z.number(),
});
const careRecord = defineResource({
  resource: resourceContract({
    path: Resource.user,
    row: recordRow,
    create: z.strictObject({ name: textField({ max: 100 }), area_id: optionalQueryInt }),
    update: z.strictObject({ name: textField({ max: 100 }) }),
    listQuery: listQuery(['id']),
  }),
  table: members,
  wire: {
    id: members.id,
    org_id: members.orgId,
    area_id: members.areaId,
    name: members.name,
    enable: members.enabled,
    updated_at: time(members.updatedAt),
  },
  scope: { org: members.orgId, area: members.areaId },
  place: (body) => ({ areaId: body.area_id }),
  toInsert: (body, placement) => ({ orgId: placement.orgId, areaId: placement.areaId, name: body.name }),
  toUpdate: (body) => ({ ...(body.name !== undefined && { name: body.name }) }),
  enable: 'enabled',
  history: { member: 'id' },
  afterWrite: ({ after }) => {
    if (after?.name === 'T Fails') throw new Error('a failing write');
  },
});

/** A record kind that is itself a place: its history entries point at the row a delete removes. */
const placeRecord = defineResource({
  resource: resourceContract({
    path: Resource.area,
    row: z.object({ id: z.number(), org_id: z.number(), area_id: z.number(), name: z.string() }),
    create: z.strictObject({ name: textField({ max: 100 }) }),
    listQuery: listQuery(['id']),
  }),
  table: areas,
  wire: { id: areas.id, org_id: areas.orgId, area_id: areas.id, name: areas.name },
  scope: { org: areas.orgId, area: areas.id },
  placeArea: false,
  toInsert: (body, placement) => ({ orgId: placement.orgId, name: body.name }),
  history: {},
});

let app: FastifyInstance;
let world: World;
let admin: string;
beforeAll(async () => {
  world = await createWorld(t.db);
  app = await buildTestApp(t.database, {}, async (scope) => {
    await scope.register(authRoutes);
    await scope.register(careRecord);
    await scope.register(placeRecord);
    await scope.register(changeLogRoutes);
  });
  admin = await login(app, 'tadmina');
});
afterAll(async () => {
  await app?.close();
});

const history = (token: string, query: Record<string, string | number>) =>
  api(app, token).get(`/change/record?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`);

describe('record history', () => {
  it('keeps every write of an opted-in resource, with the rows before and after and who wrote it', async () => {
    const created = (await api(app, admin).post('/user', { name: 'T Recorded', area_id: world.areas.areaA1 })).json().data;
    await api(app, admin).patch(`/user/${created.id}`, { name: 'T Recorded 2' });
    await api(app, admin).patch(`/user/enable/${created.id}`, { enable: false });

    const res = await history(admin, { resource: '/user', record_id: created.id, order: 'asc' });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(3);
    const [create, update, enable] = page.list;
    expect(create).toMatchObject({
      org_id: world.orgs.careA,
      area_id: world.areas.areaA1,
      resource: '/user',
      record_id: created.id,
      member_id: created.id,
      member_name: 'T Recorded 2',
      action: 'create',
      before: null,
      after: { name: 'T Recorded', enable: true },
      operator_id: world.accounts.adminA,
      operator_name: 'Test tadmina',
    });
    expect(update).toMatchObject({ action: 'update', before: { name: 'T Recorded' }, after: { name: 'T Recorded 2' } });
    expect(enable).toMatchObject({ action: 'enable', before: { enable: true }, after: { enable: false } });
    expect(typeof create.created_at).toBe('number');

    const detail = await api(app, admin).get(`/change/record/${update.id}`);
    expect(detail.json().data.after.name).toBe('T Recorded 2');
    const byMember = (await history(admin, { user_id: created.id })).json().data;
    expect(byMember.total).toBe(3);
  });

  it('records a delete with the row as it was, even when the entry points at the deleted row', async () => {
    const created = (await api(app, admin).post('/area', { name: 'T Short-lived' })).json().data;
    expect((await api(app, admin).delete(`/area/${created.id}`)).json()).toEqual({ data: null });
    const list = (await history(admin, { resource: '/area', record_id: created.id, order: 'asc' })).json().data.list;
    expect(list.map((r: { action: string }) => r.action)).toEqual(['create', 'delete']);
    expect(list[1]).toMatchObject({ before: { name: 'T Short-lived' }, after: null, org_id: world.orgs.careA });
  });

  it('writes nothing when the write fails: history shares its transaction', async () => {
    const res = await api(app, admin).post('/user', { name: 'T Fails' });
    expect(res.statusCode).toBe(500);
    const rows = await t.db.select().from(recordChanges).where(eq(recordChanges.resource, '/user'));
    expect(rows.every((r) => (r.after as { name?: string } | null)?.name !== 'T Fails')).toBe(true);
  });

  it('is scoped: another organisation sees none of it, an area admin only their area', async () => {
    const inA2 = (await api(app, admin).post('/user', { name: 'T In A2', area_id: world.areas.areaA2 })).json().data;
    const inA1 = (await api(app, admin).post('/user', { name: 'T In A1', area_id: world.areas.areaA1 })).json().data;
    const other = await login(app, 'tadminb');
    expect((await history(other, { resource: '/user' })).json().data.total).toBe(0);
    expect((await api(app, other).get(`/change/record/${(await history(admin, { record_id: inA1.id })).json().data.list[0].id}`)).json().code).toBe(
      ErrorCode.notFound,
    );
    const areaAdmin = await login(app, 'tareaa1');
    const seen = (await history(areaAdmin, { resource: '/user', per_page: -1 })).json().data.list as { record_id: number }[];
    expect(seen.map((r) => r.record_id)).toContain(inA1.id);
    expect(seen.map((r) => r.record_id)).not.toContain(inA2.id);
  });

  it('pages through the history: every entry once, in order, the deep pages read from the end', async () => {
    const all = (await history(admin, { order: 'desc', order_by: 'id', per_page: -1 })).json().data.list as { id: number }[];
    expect(all.length).toBeGreaterThan(4);
    const perPage = 2;
    const pages: number[] = [];
    const first = (await history(admin, { order: 'desc', order_by: 'id', per_page: perPage, page: 1 })).json().data;
    for (let page = 1; page <= first.last_page; page++) {
      const data = (await history(admin, { order: 'desc', order_by: 'id', per_page: perPage, page })).json().data;
      expect(data.total).toBe(all.length);
      pages.push(...data.list.map((r: { id: number }) => r.id));
    }
    expect(pages).toEqual(all.map((r) => r.id));
  });

  it('filters by date range and refuses a malformed resource with -5', async () => {
    const future = (await history(admin, { start_date: toUnix(new Date(Date.UTC(2100, 0, 1))) })).json().data;
    expect(future.total).toBe(0);
    const bad = await history(admin, { resource: 'user; drop' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('resource');
  });
});
