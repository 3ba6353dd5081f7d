import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { HandoverItemKind, HandoverState, OrgType, Resource, dataEnvelope, handoverDetail } from '@vigil/contracts';
import { areas, orgs } from '../../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../../demo/data.ts';
import { seedHistory } from '../../../demo/history/index.ts';
import { seedDemo } from '../../../demo/seed.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

/**
 * Issue 14's "Must show" on the demo world itself, as a visitor finds it: the care home's staff
 * generate the handover of the first area, which lists an alert the demo raised and still open and
 * the vital-signs round the demo left overdue; the giver signs off and the nursing aide accepts.
 */
const t = useTestApp();
const sheet = dataEnvelope(handoverDetail);
let areaId: number;

beforeAll(async () => {
  await seedDemo(t.db);
  // The week of readings the server seeds beside the demo world raises the alerts a shift inherits.
  await seedHistory(t.db, new Date());
  const [care] = await t.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.type, OrgType.care)).orderBy(asc(orgs.id)).limit(1);
  const [first] = await t.db.select({ id: areas.id }).from(areas).where(eq(areas.orgId, care.id)).orderBy(asc(areas.id)).limit(1);
  areaId = first.id;
}, 180_000);

describe('handover of the demo care home', () => {
  it('lists a seeded open alert and an overdue care item, and records sign-off and acceptance', async () => {
    const giver = await login(t.app, 'orgstaff', DEMO_PASSWORD);
    const receiver = await login(t.app, 'aide', DEMO_PASSWORD);

    const generated = await api(t.app, giver).post('/handover', { area_id: areaId });
    expect(generated.statusCode, generated.body).toBe(200);
    const draft = sheet.parse(generated.json()).data;
    expect(draft).toMatchObject({ state: HandoverState.draft, area_id: areaId, created_by_name: '黃冠廷' });
    // The demo's last accepted handover ended at the latest shift change: this one starts there.
    const items = draft.members.flatMap((m) => m.items);
    expect(items).toContainEqual(expect.objectContaining({ kind: HandoverItemKind.alertOpen, source: expect.objectContaining({ resource: Resource.abnormal }) }));
    expect(items).toContainEqual(expect.objectContaining({ kind: HandoverItemKind.careOverdue, source: expect.objectContaining({ resource: Resource.careSchedule }) }));

    const signed = sheet.parse((await api(t.app, giver).patch(`/handover/sign/${draft.id}`)).json()).data;
    expect(signed).toMatchObject({ state: HandoverState.signed, signed_by_name: '黃冠廷' });
    const accepted = await api(t.app, receiver).patch(`/handover/accept/${draft.id}`, { synthesis: '跌倒風險住民每兩小時巡視；生命徵象量測待補' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(sheet.parse(accepted.json()).data).toMatchObject({ state: HandoverState.accepted, accepted_by_name: '阮氏梅' });
    expect(sheet.parse(accepted.json()).data.accepted_at).toBeGreaterThanOrEqual(signed.signed_at!);
  });
});
