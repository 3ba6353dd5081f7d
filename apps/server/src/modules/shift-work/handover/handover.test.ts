import { beforeAll, describe, expect, it } from 'vitest';
import {
  AbnormalCategory,
  ErrorCode,
  HandoverItemKind,
  HandoverState,
  IllnessSeverity,
  Role,
  dataEnvelope,
  handoverDetail,
  handoverRow,
  paginated,
  nowUnix,
  type HandoverDetail,
} from '@vigil/contracts';
import { abnormalEvents, careScheduleOccurrences, careSchedules, members } from '../../../db/schema/index.ts';
import { createStaff, createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
let world: World;
let fallen: number;
let bathed: number;
let alertId: number;
let scheduleId: number;
const tokens = { giver: '', receiver: '', adminB: '' };
const sheet = dataEnvelope(handoverDetail);
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const itemsOf = (h: HandoverDetail, memberId: number) => h.members.find((m) => m.member_id === memberId)?.items ?? [];

beforeAll(async () => {
  world = await createWorld(t.db);
  const [a, b] = await t.db
    .insert(members)
    .values([
      { orgId: world.orgs.careA, areaId: world.areas.areaA1, name: 'T Fallen Resident' },
      { orgId: world.orgs.careA, areaId: world.areas.areaA1, name: 'T Bath Resident' },
    ])
    .returning({ id: members.id });
  fallen = a.id;
  bathed = b.id;
  const [alert] = await t.db
    .insert(abnormalEvents)
    .values({ orgId: world.orgs.careA, areaId: world.areas.areaA1, memberId: fallen, type: 13, category: AbnormalCategory.fall, occurTime: ago(90) })
    .returning({ id: abnormalEvents.id });
  alertId = alert.id;
  const [schedule] = await t.db
    .insert(careSchedules)
    .values({ orgId: world.orgs.careA, areaId: world.areas.areaA1, memberId: bathed, service: 0, title: 'Bath', startDate: ago(600), timeOfDay: 600, durationMinutes: 30, repeat: 1 })
    .returning({ id: careSchedules.id });
  scheduleId = schedule.id;
  await t.db.insert(careScheduleOccurrences).values({ scheduleId, orgId: world.orgs.careA, areaId: world.areas.areaA1, memberId: bathed, dueAt: ago(120) });
  await createStaff(t.db, { account: 'tnight', orgId: world.orgs.careA, role: Role.orgStaff, areaId: world.areas.areaA1 });
  tokens.giver = await login(t.app, 'tstaffa');
  tokens.receiver = await login(t.app, 'tnight');
  tokens.adminB = await login(t.app, 'tadminb');
});

describe('/handover', () => {
  it('generates the area’s I-PASS sheet from live data, signs it off and has it accepted by the next shift', async () => {
    const res = await api(t.app, tokens.giver).post('/handover', { area_id: world.areas.areaA1 });
    expect(res.statusCode, res.body).toBe(200);
    const draft = sheet.parse(res.json()).data;
    expect(draft.state).toBe(HandoverState.draft);
    expect(itemsOf(draft, fallen)).toContainEqual(expect.objectContaining({ kind: HandoverItemKind.alertOpen, source: { resource: '/abnormal', id: alertId } }));
    expect(itemsOf(draft, bathed)).toContainEqual(expect.objectContaining({ kind: HandoverItemKind.careOverdue, source: { resource: '/care/schedule', id: scheduleId } }));
    // An open fall makes the member unstable, listed first.
    expect(draft.members[0]).toMatchObject({ member_id: fallen, severity: IllnessSeverity.unstable });
    expect(draft.members.find((m) => m.member_id === bathed)?.severity).toBe(IllnessSeverity.watcher);

    const edited = await api(t.app, tokens.giver).patch(`/handover/${draft.id}`, {
      situation: 'If the fallen resident complains of hip pain, call the doctor',
      members: [{ member_id: fallen, severity: IllnessSeverity.unstable, summary: 'Fell at 10, no visible injury', contingency: 'Neuro checks every 2 h' }],
      actions: [{ member_id: fallen, content: 'Neuro check', owner_id: world.accounts.staffA, due_time: nowUnix() + 3600 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await api(t.app, tokens.receiver).patch(`/handover/${draft.id}`, { situation: 'not mine' })).json().code).toBe(ErrorCode.noPermission);

    const signed = sheet.parse((await api(t.app, tokens.giver).patch(`/handover/sign/${draft.id}`)).json()).data;
    expect(signed).toMatchObject({ state: HandoverState.signed, signed_by_name: 'Test tstaffa' });
    expect(signed.signed_at).toBeGreaterThan(0);
    expect(signed.changes).toEqual({ added: [], resolved: [] });
    expect((await api(t.app, tokens.giver).patch(`/handover/${draft.id}`, { situation: 'late' })).json().code).toBe(ErrorCode.processError);
    expect((await api(t.app, tokens.giver).patch(`/handover/accept/${draft.id}`, { synthesis: 'Self' })).json().code).toBe(ErrorCode.processError);

    // Handling the alert after sign-off shows against the frozen copy.
    await t.db.update(abnormalEvents).set({ isHandle: true });
    const later = sheet.parse((await api(t.app, tokens.receiver).get(`/handover/${draft.id}`)).json()).data;
    expect(itemsOf(later, fallen).map((i) => i.kind)).toContain(HandoverItemKind.alertOpen);
    expect(later.changes?.resolved.map((i) => i.kind)).toContain(HandoverItemKind.alertOpen);

    const accepted = sheet.parse((await api(t.app, tokens.receiver).patch(`/handover/accept/${draft.id}`, { synthesis: 'Fall: neuro checks; bath overdue' })).json()).data;
    expect(accepted).toMatchObject({ state: HandoverState.accepted, accepted_by_name: 'Test tnight', synthesis: 'Fall: neuro checks; bath overdue' });
    expect(accepted.accepted_at).toBeGreaterThanOrEqual(accepted.signed_at!);
  });

  it('refuses a second handover while one is open, carries unfinished actions over, and keeps other organisations out', async () => {
    const first = sheet.parse((await api(t.app, tokens.receiver).post('/handover', { area_id: world.areas.areaA1 })).json()).data;
    expect(first.actions.map((a) => [a.content, a.carried_from_id !== null])).toEqual([['Neuro check', true]]);
    expect((await api(t.app, tokens.giver).post('/handover', { area_id: world.areas.areaA1 })).json().code).toBe(ErrorCode.processError);
    const done = await api(t.app, tokens.receiver).patch(`/handover/action/${first.actions[0].id}`, { done: true });
    expect(done.json().data.done_by_name).toBe('Test tnight');
    expect((await api(t.app, tokens.adminB).get(`/handover/${first.id}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.adminB).post('/handover', { area_id: world.areas.areaA1 })).json().code).toBe(ErrorCode.notFound);
  });

  it('lists the area’s handovers in the SPEC envelope, newest first, filtered by state, and none of another organisation', async () => {
    const page = dataEnvelope(paginated(handoverRow));
    const all = page.parse((await api(t.app, tokens.receiver).get('/handover', { order: 'desc', order_by: 'id' })).json()).data;
    expect(all.total).toBe(2);
    expect(all.list[0]).toMatchObject({ state: HandoverState.draft, area_id: world.areas.areaA1, created_by_name: 'Test tnight', signed_by_name: null });
    expect(all.list[1]).toMatchObject({ state: HandoverState.accepted, accepted_by_name: 'Test tnight' });
    const draft = sheet.parse((await api(t.app, tokens.receiver).get(`/handover/${all.list[0].id}`)).json()).data;
    expect(all.list[0].open_action_count).toBe(draft.actions.filter((a) => a.done_at === null).length);
    expect(all.list[0].id).toBeGreaterThan(all.list[1].id);
    const accepted = page.parse((await api(t.app, tokens.receiver).get('/handover', { state: HandoverState.accepted, per_page: 1 })).json()).data;
    expect(accepted).toMatchObject({ total: 1, last_page: 1, list: [{ id: all.list[1].id }] });
    expect(page.parse((await api(t.app, tokens.adminB).get('/handover')).json()).data.total).toBe(0);
  });
});
