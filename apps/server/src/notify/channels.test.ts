import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AbnormalCategory, AlertPriority, ErrorCode } from '@vigil/contracts';
import { abnormalEvents, familyContacts, members, pushSubscriptions } from '../db/schema/index.ts';
import { createWorld, type World } from '../../test/fixtures.ts';
import { api, login, useTestApp } from '../../test/helpers.ts';
import { PushReceiver } from '../../test/push-receiver.ts';
import { LineStandIn } from '../../test/line-stand-in.ts';
import type { OutboundMessage } from './channel.ts';
import { createPushAdapter, topicOf, type PushPayload } from './push.ts';
import { familyRecipientsOf } from './family.ts';

const SECRET = '0123456789abcdef0123456789abcdef';
const receiver = await PushReceiver.start();
const line = await LineStandIn.start('test-channel-token-123', SECRET);
const t = useTestApp({ vapidSubject: 'mailto:ops@vigil.test', line: { baseUrl: line.baseUrl } });
afterAll(async () => {
  await receiver.close();
  await line.close();
});

let world: World;
let memberId: number;
let otherMemberId: number;
const tokens = { adminA: '', staffA: '', adminB: '' };

/** A fresh open fall alert of the member (the one before is recovered: one open alert per type and member). */
async function raiseFall(): Promise<number> {
  await t.db.update(abnormalEvents).set({ recoveredAt: new Date() }).where(eq(abnormalEvents.memberId, memberId));
  const [alert] = await t.db
    .insert(abnormalEvents)
    .values({ orgId: world.orgs.careA, areaId: world.areas.areaA1, memberId, type: 12, category: AbnormalCategory.fall, occurTime: new Date() })
    .returning({ id: abnormalEvents.id });
  return alert.id;
}
const acknowledgedBy = async (alertId: number) =>
  (await t.db.select({ by: abnormalEvents.acknowledgedBy }).from(abnormalEvents).where(eq(abnormalEvents.id, alertId)))[0].by;

const message = (alertId: number, key: string): OutboundMessage => ({
  idempotencyKey: key,
  organizationId: world.orgs.careA,
  alertId,
  priority: AlertPriority.high,
  language: 'en',
  title: 'Fall: T Resident',
  body: 'Ward A1, bed 3',
  link: `/alert/${alertId}`,
});

beforeAll(async () => {
  world = await createWorld(t.db);
  const [a, b] = await t.db
    .insert(members)
    .values([
      { orgId: world.orgs.careA, areaId: world.areas.areaA1, name: 'T Resident' },
      { orgId: world.orgs.careB, areaId: world.areas.areaB1, name: 'T Other Resident' },
    ])
    .returning({ id: members.id });
  memberId = a.id;
  otherMemberId = b.id;
  tokens.adminA = await login(t.app, 'tadmina');
  tokens.staffA = await login(t.app, 'tstaffa');
  tokens.adminB = await login(t.app, 'tadminb');
});

const webhook = (body: object, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${t.app.config.apiPrefix}/line/webhook/${world.orgs.careA}`,
    headers: { 'content-type': 'application/json', ...(signature !== undefined && { 'x-line-signature': signature }) },
    payload: JSON.stringify(body),
  });
const textEvent = (userId: string, text: string) => ({ destination: 'U0', events: [{ type: 'message', replyToken: `r-${text}`, source: { type: 'user', userId }, message: { type: 'text', id: '1', text } }] });
const signed = (body: object) => webhook(body, line.sign(JSON.stringify(body)));

describe('web push', () => {
  it('stores a subscription per device and refuses a malformed one with -5 naming the field', async () => {
    const bad = await api(t.app, tokens.staffA).post('/personal/push', { endpoint: 'https://127.0.0.1/x', keys: { p256dh: 'short', auth: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe(ErrorCode.validationFailed);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain('keys.p256dh');
    const plain = await api(t.app, tokens.staffA).post('/personal/push', { ...receiver.subscriber('x').json, endpoint: 'http://127.0.0.1/push/x' });
    expect(plain.json().errors[0].field).toBe('endpoint');

    const ok = await api(t.app, tokens.staffA).post('/personal/push', { ...receiver.subscriber('phone').json, label: 'Ward phone' });
    expect(ok.statusCode).toBe(200);
    const overview = (await api(t.app, tokens.staffA).get('/personal/push')).json().data;
    expect(overview.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(overview.devices).toEqual([expect.objectContaining({ label: 'Ward phone' })]);
    // Someone else's device is not theirs to remove.
    expect((await api(t.app, tokens.adminA).delete(`/personal/push/${ok.json().data.id}`)).json().code).toBe(ErrorCode.notFound);
  });

  it('delivers an encrypted, VAPID-signed push the receiver decrypts with the subscription keys; its action acknowledges the alert', async () => {
    const [sub] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.label, 'Ward phone'));
    const push = createPushAdapter({ db: t.db, sealer: t.app.secretSealer, subject: 'mailto:ops@vigil.test', agent: receiver.agent });
    receiver.serverKey = (await push.keys()).publicKey;
    const alertId = await raiseFall();
    const outcome = await push.send(String(sub.id), message(alertId, `a${alertId}:s${sub.staffId}:push`));
    expect(receiver.rejected).toEqual([]);
    expect(outcome).toMatchObject({ status: 'sent', providerId: expect.stringContaining('/message/') });
    const got = receiver.received.at(-1)!;
    expect(got.vapidSubject).toBe('mailto:ops@vigil.test');
    expect(got.headers.urgency).toBe('high');
    expect(got.headers.topic).toBe(topicOf(`a${alertId}:s${sub.staffId}:push`));
    const payload = got.payload as PushPayload;
    expect(payload).toMatchObject({ title: 'Fall: T Resident', body: 'Ward A1, bed 3', link: `/alert/${alertId}`, alertId, tag: `alert-${alertId}` });

    const forged = await api(t.app).post('/push/acknowledge', { token: payload.ackToken!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(forged.json().code).toBe(ErrorCode.tokenExpired);
    expect(await acknowledgedBy(alertId)).toBeNull();
    const ack = await api(t.app).post('/push/acknowledge', { token: payload.ackToken });
    expect(ack.statusCode).toBe(200);
    expect(await acknowledgedBy(alertId)).toBe(world.accounts.staffA);
  });

  it('removes a subscription its push service says is gone (410) and tells its owner', async () => {
    const [sub] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.label, 'Ward phone'));
    receiver.gone.add('phone');
    const push = createPushAdapter({ db: t.db, sealer: t.app.secretSealer, subject: 'mailto:ops@vigil.test', agent: receiver.agent });
    const outcome = await push.send(String(sub.id), message(await raiseFall(), 'gone'));
    expect(outcome).toEqual({ status: 'failed', reason: 'push subscription gone (410)', permanent: true });
    const overview = (await api(t.app, tokens.staffA).get('/personal/push')).json().data;
    expect(overview.devices).toEqual([]);
    expect(overview.expired).toEqual([expect.objectContaining({ label: 'Ward phone' })]);
    await api(t.app, tokens.staffA).delete('/personal/push/expired');
    expect((await api(t.app, tokens.staffA).get('/personal/push')).json().data.expired).toEqual([]);
  });

  it('is off until VAPID_SUBJECT is set', async () => {
    const push = createPushAdapter({ db: t.db, sealer: t.app.secretSealer, subject: undefined });
    expect(await push.configured(world.orgs.careA)).toBe(false);
  });
});

describe('LINE', () => {
  it('connects a channel (admins only, secrets never answered back)', async () => {
    const body = { access_token: line.accessToken, channel_secret: SECRET };
    expect((await api(t.app, tokens.staffA).put('/line/channel', body)).json().code).toBe(ErrorCode.noPermission);
    expect((await api(t.app, tokens.adminA).put('/line/channel', { ...body, channel_secret: 'nothex' })).json().errors[0].field).toBe('channel_secret');
    const res = await api(t.app, tokens.adminA).put('/line/channel', body);
    expect(res.json().data).toEqual({ connected: true, updated_at: expect.any(Number), webhook_path: `/api/line/webhook/${world.orgs.careA}` });
    expect(res.body).not.toContain(SECRET);
    expect(await t.app.channelAdapters.line.configured(world.orgs.careA)).toBe(true);
    expect(await t.app.channelAdapters.line.configured(world.orgs.careB)).toBe(false);
  });

  it('links a staff member by a one-time code; a bad signature gets 401 and changes nothing', async () => {
    const code = (await api(t.app, tokens.staffA).post('/personal/line/code')).json().data.code as string;
    expect(code).toMatch(/^[2-9A-Z]{8}$/);
    line.users.add('Ustaff');
    expect((await webhook(textEvent('Ustaff', code), line.sign(JSON.stringify(textEvent('Ustaff', code)), 'f'.repeat(32)))).statusCode).toBe(401);
    expect((await webhook(textEvent('Ustaff', code))).statusCode).toBe(401);
    expect((await api(t.app, tokens.staffA).get('/personal/line')).json().data).toMatchObject({ linked: false, code });
    expect((await signed(textEvent('Ustaff', code))).statusCode).toBe(200);
    expect((await api(t.app, tokens.staffA).get('/personal/line')).json().data).toMatchObject({ linked: true, channel_connected: true, code: null });
    expect(line.accepted.at(-1)).toMatchObject({ path: '/v2/bot/message/reply', body: { replyToken: `r-${code}` } });
    // The code is spent.
    await signed(textEvent('Uother', code));
    expect(line.accepted.at(-1)!.body.messages[0].text).toContain('not valid');
  });

  it('pushes with a stable X-Line-Retry-Key and an Acknowledge button whose postback acknowledges', async () => {
    const adapter = t.app.channelAdapters.line;
    const alertId = await raiseFall();
    const outcome = await adapter.send('Ustaff', message(alertId, `a${alertId}:line`));
    expect(line.refused).toEqual([]);
    expect(outcome.status).toBe('sent');
    const sent = line.accepted.at(-1)!;
    expect(sent.path).toBe('/v2/bot/message/push');
    expect(sent.retryKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent.body).toMatchObject({ to: 'Ustaff', messages: [{ type: 'text', text: 'Fall: T Resident\nWard A1, bed 3' }] });
    expect(JSON.stringify(sent.body.messages[0].quickReply)).toContain(`ack:${alertId}`);
    // The same message again (a retry after a crash): LINE has it already, nothing new goes out.
    const pushes = line.accepted.length;
    expect(await adapter.send('Ustaff', message(alertId, `a${alertId}:line`))).toEqual({ status: 'sent' });
    expect(line.accepted.length).toBe(pushes);

    const postback = { destination: 'U0', events: [{ type: 'postback', replyToken: 'r-ack', source: { type: 'user', userId: 'Ustaff' }, postback: { data: `ack:${alertId}` } }] };
    expect((await webhook(postback, 'bad')).statusCode).toBe(401);
    expect(await acknowledgedBy(alertId)).toBeNull();
    expect((await signed(postback)).statusCode).toBe(200);
    expect(await acknowledgedBy(alertId)).toBe(world.accounts.staffA);
  });

  it('fails clearly for a LINE user the channel does not know, leaving the alert as it was', async () => {
    const adapter = t.app.channelAdapters.line;
    const alertId = await raiseFall();
    const outcome = await adapter.send('Unobody', message(alertId, 'unknown'));
    expect(outcome).toEqual({ status: 'failed', reason: 'LINE does not know user Unobody in this channel (they may have blocked it)', permanent: true });
    const [alert] = await t.db.select().from(abnormalEvents).where(eq(abnormalEvents.id, alertId));
    expect(alert).toMatchObject({ acknowledgedBy: null, recoveredAt: null });
  });
});

describe('/user/family', () => {
  it('keeps contacts per member: -5 naming the field, -7 for another organisation, a LINE code until linked', async () => {
    const base = { member_id: memberId, name: 'T Daughter', relation: 'daughter', language: 'zh-TW', channel: 'email' };
    const noEmail = await api(t.app, tokens.adminA).post('/user/family', base);
    expect(noEmail.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'email' }] });
    const badCategory = await api(t.app, tokens.adminA).post('/user/family', { ...base, email: 'd@example.test', categories: [AbnormalCategory.deviceIssue] });
    expect(badCategory.json().errors[0].field).toBe('categories.0');
    const email = await api(t.app, tokens.adminA).post('/user/family', { ...base, email: 'd@example.test' });
    expect(email.json().data).toMatchObject({ member_name: 'T Resident', categories: [AbnormalCategory.fall, AbnormalCategory.sos], line_linked: false, line_code: null });
    expect((await api(t.app, tokens.adminB).post('/user/family', { ...base, email: 'd@example.test' })).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, tokens.adminB).get(`/user/family/${email.json().data.id}`)).json().code).toBe(ErrorCode.notFound);
    // Care staff see a member's family, only admins change it.
    expect((await api(t.app, tokens.staffA).get('/user/family', { user_id: memberId })).json().data.total).toBe(1);
    expect((await api(t.app, tokens.staffA).post('/user/family', { ...base, email: 'x@example.test' })).json().code).toBe(ErrorCode.noPermission);

    const son = await api(t.app, tokens.adminA).post('/user/family', { ...base, name: 'T Son', relation: 'son', channel: 'line', categories: [AbnormalCategory.fall, AbnormalCategory.physiological] });
    expect(son.statusCode).toBe(200);
    const row = (await api(t.app, tokens.adminA).get(`/user/family/${son.json().data.id}`)).json().data;
    expect(row.line_code).toMatch(/^[2-9A-Z]{8}$/);
    line.users.add('Uson');
    await signed(textEvent('Uson', row.line_code));
    expect((await api(t.app, tokens.adminA).get(`/user/family/${row.id}`)).json().data).toMatchObject({ line_linked: true, line_code: null });

    // A family contact's tap on a postback does nothing to an alert.
    const alertId = await raiseFall();
    await signed({ events: [{ type: 'postback', replyToken: 'r', source: { type: 'user', userId: 'Uson' }, postback: { data: `ack:${alertId}` } }] });
    expect(await acknowledgedBy(alertId)).toBeNull();
  });

  it('familyRecipientsOf: only the member’s own enabled contacts who chose the category, with an address', async () => {
    await t.db.insert(familyContacts).values({ orgId: world.orgs.careB, areaId: world.areas.areaB1, memberId: otherMemberId, name: 'T Elsewhere', relation: 'wife', language: 'en', channel: 'email', email: 'e@example.test', categories: [AbnormalCategory.fall] });
    const fall = await familyRecipientsOf(t.db, { orgId: world.orgs.careA, memberId, category: AbnormalCategory.fall });
    expect(fall.map((r) => [r.name, r.channel, r.address]).sort()).toEqual([
      ['T Daughter', 'email', 'd@example.test'],
      ['T Son', 'line', 'Uson'],
    ]);
    // SOS: only the daughter chose it; a device issue: never a family's.
    expect((await familyRecipientsOf(t.db, { orgId: world.orgs.careA, memberId, category: AbnormalCategory.sos })).map((r) => r.name)).toEqual(['T Daughter']);
    expect(await familyRecipientsOf(t.db, { orgId: world.orgs.careA, memberId, category: AbnormalCategory.deviceIssue })).toEqual([]);
  });
});
