import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  AlertRouteCategory,
  ErrorCode,
  OrgType,
  Resource,
  abnormalListItem,
  alertRouteCategory,
  alertRoutingView,
  dataEnvelope,
  paginated,
  wallSnapshot,
} from '@vigil/contracts';
import { z } from 'zod';
import { abnormalEvents, orgs, recordChanges, staff } from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../demo/data.ts';
import { seedHistory } from '../demo/history/index.ts';
import { seedDemo } from '../demo/seed.ts';
import { api, login, useTestApp } from '../../test/helpers.ts';
import { mayAct, recipientsOf } from './routing.ts';

/**
 * Issue 27's first "Must show" on the demo world: a guard's open alerts (the bell's count and
 * GET /abnormal) hold none of the care home's clinical alerts, a nurse's still do; and the routing
 * page's API changes that, validated and kept in the record history.
 */
const t = useTestApp();
const list = dataEnvelope(paginated(abnormalListItem));
const view = dataEnvelope(alertRoutingView);
let careId: number;
let guardOrgId: number;
/** The ids of the care home's alerts (list items name no organisation). */
let careAlertIds: Set<number>;

const openAlerts = async (token: string) => {
  const res = await api(t.app, token).get(`${Resource.abnormal}?is_handle=0&per_page=-1`);
  expect(res.statusCode, res.body).toBe(200);
  return list.parse(res.json()).data;
};
const staffId = async (account: string) =>
  (await t.db.select({ id: staff.id }).from(staff).where(eq(staff.account, account)))[0]!.id;

beforeAll(async () => {
  await seedDemo(t.db);
  await seedHistory(t.db, new Date());
  const [care] = await t.db
    .select({ id: orgs.id })
    .from(orgs)
    .where(eq(orgs.type, OrgType.care))
    .orderBy(asc(orgs.id))
    .limit(1);
  const [guard] = await t.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.isGuard, true)).limit(1);
  careId = care!.id;
  guardOrgId = guard!.id;
  careAlertIds = new Set(
    (
      await t.db
        .select({ id: abnormalEvents.id })
        .from(abnormalEvents)
        .where(eq(abnormalEvents.orgId, careId))
    ).map((r) => r.id),
  );
}, 180_000);

describe('alert routing in the demo', () => {
  it("keeps the care home's clinical alerts out of the guard's bell and list, and in the nurse's", async () => {
    const nurse = await openAlerts(await login(t.app, 'orgstaff', DEMO_PASSWORD));
    const guard = await openAlerts(await login(t.app, 'guardstaff', DEMO_PASSWORD));
    const clinical = (items: typeof nurse.list) =>
      items.filter(
        (a) => careAlertIds.has(a.id) && alertRouteCategory(a.type) === AlertRouteCategory.clinical,
      );
    expect(clinical(nurse.list).length).toBeGreaterThan(0);
    expect(clinical(guard.list)).toEqual([]);
    // The count the bell shows is the list's total.
    expect(guard.total).toBe(guard.list.length);
    expect(
      guard.list.every((a) =>
        ([AlertRouteCategory.safety, AlertRouteCategory.environment] as string[]).includes(alertRouteCategory(a.type)),
      ),
    ).toBe(true);

    // The wall's tiles carry the same open alerts.
    const wall = await api(t.app, await login(t.app, 'orgguard', DEMO_PASSWORD)).get(Resource.wall);
    expect(wall.statusCode, wall.body).toBe(200);
    const tiles = dataEnvelope(wallSnapshot).parse(wall.json()).data.members;
    expect(
      tiles
        .flatMap((m) => m.alerts)
        .filter((a) => alertRouteCategory(a.type) === AlertRouteCategory.clinical),
    ).toEqual([]);
  }, 120_000);

  it('answers who may act on an alert the same way as the lists', async () => {
    const [open] = await t.db
      .select()
      .from(abnormalEvents)
      .where(
        and(
          eq(abnormalEvents.orgId, careId),
          eq(abnormalEvents.isHandle, false),
          isNull(abnormalEvents.recoveredAt),
        ),
      )
      .orderBy(asc(abnormalEvents.id));
    const clinicalAlert = { orgId: careId, areaId: open!.areaId, type: 55 };
    const sos = { orgId: careId, areaId: open!.areaId, type: 65 };
    const recipients = await recipientsOf(t.db, clinicalAlert);
    expect(recipients).toContain(await staffId('orgstaff'));
    expect(recipients).not.toContain(await staffId('guardstaff'));
    expect(await recipientsOf(t.db, sos)).toEqual(
      expect.arrayContaining([
        await staffId('orgstaff'),
        await staffId('guardstaff'),
        await staffId('orgguard'),
      ]),
    );
    expect(await mayAct(t.db, { orgId: guardOrgId, role: 16, areaId: null }, clinicalAlert)).toBe(false);
    expect(await mayAct(t.db, { orgId: guardOrgId, role: 16, areaId: null }, sos)).toBe(true);
    // Device issues go to whoever keeps the devices, not to the nurse on the floor.
    const offline = { orgId: careId, areaId: open!.areaId, type: 13 };
    expect(await recipientsOf(t.db, offline)).toContain(await staffId('orgadmin'));
    expect(await recipientsOf(t.db, offline)).not.toContain(await staffId('orgstaff'));
  });
});

describe('GET/PUT /abnormal/routing', () => {
  it('shows the defaults, refuses bad rules with -5 naming the field, and applies a saved set at once', async () => {
    const admin = await login(t.app, 'orgadmin', DEMO_PASSWORD);
    const got = view.parse((await api(t.app, admin).get(Resource.abnormalRouting)).json()).data;
    expect(got).toMatchObject({ org_id: careId, is_default: true, updated_at: null });
    const guardRelation = got.relations.find((r) => r.related_org_id === guardOrgId)!;
    expect(guardRelation).toMatchObject({
      categories: [AlertRouteCategory.safety, AlertRouteCategory.environment],
      is_default: true,
    });

    // A pharmacy role in a care home, an unknown relation, a duplicate priority.
    const bad = await api(t.app, admin).put(Resource.abnormalRouting, {
      rules: [
        { category: 'clinical', roles: [6], priorities: ['high'], area_ids: [] },
        { category: 'safety', roles: [4], priorities: ['high', 'high'], area_ids: [] },
      ],
      relations: [{ related_org_id: careId, categories: ['clinical'] }],
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().code).toBe(ErrorCode.validationFailed);
    expect(JSON.stringify(bad.json())).toContain('rules.1.priorities');
    const semantic = await api(t.app, admin).put(Resource.abnormalRouting, {
      rules: [{ category: 'clinical', roles: [6], priorities: ['high'], area_ids: [] }],
      relations: [{ related_org_id: careId, categories: ['clinical'] }],
    });
    expect(semantic.statusCode, semantic.body).toBe(422);
    const fields = (semantic.json() as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['rules.0.roles', 'relations.0.related_org_id']));

    // Another organisation's routing is not found (-7); a nurse has no permission for the page (-3).
    expect(
      (await api(t.app, admin).get(`${Resource.abnormalRouting}?org_id=${guardOrgId}`)).json().code,
    ).toBe(ErrorCode.notFound);
    expect(
      (await api(t.app, await login(t.app, 'orgstaff', DEMO_PASSWORD)).get(Resource.abnormalRouting)).json()
        .code,
    ).toBe(ErrorCode.noPermission);

    // The guards now receive every clinical alert too.
    const saved = await api(t.app, admin).put(Resource.abnormalRouting, {
      rules: got.rules,
      relations: [{ related_org_id: guardOrgId, categories: ['clinical', 'safety'] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(view.parse(saved.json()).data).toMatchObject({ is_default: false });
    // The security company's own rules still decide which of its roles answer them: until its
    // admin routes clinical alerts to the guard staff, they see none.
    const guardStaffToken = await login(t.app, 'guardstaff', DEMO_PASSWORD);
    const careClinical = (items: { id: number; type: number }[]) =>
      items.some((a) => careAlertIds.has(a.id) && alertRouteCategory(a.type) === AlertRouteCategory.clinical);
    expect(careClinical((await openAlerts(guardStaffToken)).list)).toBe(false);
    const guardAdmin = await login(t.app, 'guardadmin', DEMO_PASSWORD);
    const guardRules = view.parse((await api(t.app, guardAdmin).get(Resource.abnormalRouting)).json()).data
      .rules;
    const own = await api(t.app, guardAdmin).put(Resource.abnormalRouting, {
      rules: [
        ...guardRules,
        { category: 'clinical', roles: [16], priorities: ['high', 'medium', 'low'], area_ids: [] },
      ],
      relations: [],
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(careClinical((await openAlerts(guardStaffToken)).list)).toBe(true);

    const history = await t.db
      .select()
      .from(recordChanges)
      .where(eq(recordChanges.resource, Resource.abnormalRouting));
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ orgId: careId, action: 'create', staffId: await staffId('orgadmin') });
    z.object({ relations: z.array(z.object({ categories: z.array(z.string()) })) }).parse(history[0]!.after);
  });
});
