import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AbnormalCategory, AbnormalType, ErrorCode } from '@vigil/contracts';
import { api, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { createWorld, type World } from '../../test/fixtures.ts';
import { LineStandIn } from '../../test/line-stand-in.ts';
import { PushReceiver } from '../../test/push-receiver.ts';
import { SmtpPeer } from '../../test/smtp-peer.ts';
import { abnormalEvents, familyContacts, members, notifyOutbox, staff } from '../db/schema/index.ts';
import { retryKeyOf } from './line.ts';
import { inQuietHours } from './policy.ts';
import { createPushAdapter, pushAddresses, type PushPayload } from './push.ts';

const LINE_SECRET = 'fedcba9876543210fedcba9876543210';
let smtp: SmtpPeer;
let receiver: PushReceiver;
let line: LineStandIn;
let t: TestApp;
let world: World;
let mails: SmtpPeer['mails'];
let refused: SmtpPeer['refused'];

beforeAll(async () => {
  [smtp, receiver, line] = await Promise.all([SmtpPeer.start(), PushReceiver.start(), LineStandIn.start('notify-line-token', LINE_SECRET)]);
  ({ mails, refused } = smtp);
  t = await createTestApp({
    smtp: { url: smtp.url, from: 'Vigil <vigil@care.test>' },
    vapidSubject: 'mailto:ops@care.test',
    line: { baseUrl: line.baseUrl },
  });
  // The app's own push adapter, trusting the local push service's throw-away certificate.
  t.app.notify.channels.register(
    createPushAdapter({ db: t.db, sealer: t.app.secretSealer, subject: 'mailto:ops@care.test', agent: receiver.agent }),
    pushAddresses,
  );
  world = await createWorld(t.db);
  await t.db.update(staff).set({ email: 'staffa@care.test' }).where(eq(staff.id, world.accounts.staffA));
  await t.db.update(staff).set({ email: 'admina@care.test' }).where(eq(staff.id, world.accounts.adminA));
  await t.db.update(staff).set({ email: 'adminb@care.test' }).where(eq(staff.id, world.accounts.adminB));
});

afterAll(async () => {
  await t?.close();
  await Promise.all([smtp?.close(), receiver?.close(), line?.close()]);
});

const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

async function raise(type: AbnormalType, occurTime: Date, memberId: number | null = null): Promise<number> {
  await t.app.alerts.raise([
    {
      orgId: world.orgs.careA,
      areaId: world.areas.areaA1,
      memberId,
      deviceId: null,
      bindingId: null,
      type,
      occurTime,
      detail: { value: 'pressed' },
      names: { member: null, area: null, device: null },
    },
  ]);
  const [row] = await t.db.select({ id: abnormalEvents.id }).from(abnormalEvents).where(eq(abnormalEvents.occurTime, occurTime));
  return row.id;
}

describe('notification chain', () => {
  it('takes preferences: validated, stored, and tells which channels are live', async () => {
    const token = await login(t.app, 'tadmina');
    const bad = await api(t.app, token).put('/personal/notify', { language: 'fr', channels: { push: [], email: [], line: [] }, quiet_start: 60, quiet_end: null, utc_offset_minutes: 480 });
    expect(bad.json().code).toBe(ErrorCode.validationFailed);
    const res = await api(t.app, token).put('/personal/notify', {
      language: 'en',
      channels: { push: ['high'], email: ['high', 'medium'], line: [] },
      quiet_start: 22 * 60,
      quiet_end: 6 * 60,
      utc_offset_minutes: 480,
    });
    // Push and email are set up; LINE only once the organisation connects its channel.
    expect(res.json().data).toMatchObject({ language: 'en', quiet_start: 1320, live: ['email', 'push'], email: 'admina@care.test' });
    // An admin of another organisation cannot read this one's timing; its own admin sets it.
    expect((await api(t.app, await login(t.app, 'tstaffa')).get('/notify/policy')).json().code).toBe(ErrorCode.noPermission);
    const policy = await api(t.app, token).put('/notify/policy', { high: 1, medium: 3, low: 10 });
    expect(policy.json().data).toEqual({ high: 1, medium: 3, low: 10 });
  });

  it('sends an unacknowledged high-priority alert by email after its timeout, in each language, once; acknowledging stops the rest', async () => {
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    const id = await raise(AbnormalType.sos, start);
    const rows = await t.db.select().from(notifyOutbox).where(eq(notifyOutbox.alertId, id));
    // Written with the alert: tier 2 (email) for the people who see it, tier 3 for the admins.
    expect(rows.map((r) => `${r.tier}:${r.staffId}`).sort()).toEqual([`2:${world.accounts.adminA}`, `2:${world.accounts.staffA}`, `3:${world.accounts.adminA}`].sort());
    expect(rows.every((r) => r.status === 'queued')).toBe(true);

    // Before the timeout (1 minute per tier, tier 2 after two) nothing leaves.
    await t.app.notify.worker.run(() => minutes(start, 1.9));
    expect(mails).toHaveLength(0);

    await t.app.notify.worker.run(() => minutes(start, 2.05));
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['admina@care.test', 'staffa@care.test']);
    const toAdmin = mails.find((m) => m.to[0] === 'admina@care.test')!;
    const toStaff = mails.find((m) => m.to[0] === 'staffa@care.test')!;
    expect(toAdmin.subject).toContain('SOS');
    expect(toStaff.subject).toMatch(/=\?UTF-8\?/); // zh-TW, encoded
    expect(toAdmin.messageId).toMatch(new RegExp(`^<a${id}\\.s${world.accounts.adminA}\\.email\\.t2\\.r0\\..+@care\\.test>$`));

    // Again at the same time: nothing is sent twice.
    await t.app.notify.worker.run(() => minutes(start, 2.1));
    expect(mails).toHaveLength(2);

    const receipts = await api(t.app, await login(t.app, 'tadmina')).get(`/notify/receipts/${id}`);
    expect(receipts.json().data.filter((r: { status: string }) => r.status === 'sent')).toHaveLength(2);
    // Another organisation's admin cannot read them.
    expect((await api(t.app, await login(t.app, 'tadminb')).get(`/notify/receipts/${id}`)).json().code).toBe(ErrorCode.notFound);

    // High priority repeats until acknowledged; the repeat is queued.
    const repeats = await t.db.select().from(notifyOutbox).where(eq(notifyOutbox.alertId, id));
    expect(repeats.filter((r) => r.repeat === 1 && r.status === 'queued')).toHaveLength(2);

    const ack = await api(t.app, await login(t.app, 'tstaffa')).post(`/abnormal/acknowledge/${id}`, { minutes: 10 });
    expect(ack.statusCode).toBe(200);
    await t.app.notify.worker.run(() => minutes(start, 30));
    expect(mails).toHaveLength(2);
    const after = await t.db.select().from(notifyOutbox).where(eq(notifyOutbox.alertId, id));
    expect(after.filter((r) => r.status === 'queued' || r.status === 'sending')).toHaveLength(0);
    expect(after.filter((r) => r.status === 'cancelled').map((r) => r.reason)).toEqual(['acknowledged', 'acknowledged', 'acknowledged']);
  });

  it('reaches the next person at the third tier; a medium alert waits out quiet hours; a refusing mailbox fails with its reason', async () => {
    mails.length = 0;
    refused.add('staffa@care.test');
    // The worker also runs by the real clock as soon as an alert is written, so the alerts are raised
    // now and tadmina's quiet hours are set around now (Taipei time), whatever the time of day.
    const start = new Date();
    const taipei = (start.getUTCHours() * 60 + start.getUTCMinutes() + 480) % 1440;
    const quiet = await api(t.app, await login(t.app, 'tadmina')).put('/personal/notify', {
      language: 'en',
      channels: { push: ['high'], email: ['high', 'medium'], line: [] },
      quiet_start: (taipei + 1440 - 60) % 1440,
      quiet_end: (taipei + 60) % 1440,
      utc_offset_minutes: 480,
    });
    expect(quiet.statusCode).toBe(200);
    const high = await raise(AbnormalType.wearableFall, start);
    const medium = await raise(AbnormalType.instantHeartRateHigh, minutes(start, 0.5));
    await t.app.notify.worker.run(() => minutes(start, 3.1));
    const rows = await t.db.select().from(notifyOutbox).where(eq(notifyOutbox.alertId, high));
    expect(rows.find((r) => r.tier === 3)?.status).toBe('sent');
    expect(rows.find((r) => r.staffId === world.accounts.staffA && r.tier === 2)).toMatchObject({ status: 'failed' });
    expect(rows.find((r) => r.staffId === world.accounts.staffA && r.tier === 2)?.reason).toMatch(/no such mailbox/);
    const escalated = mails.filter((m) => m.to[0] === 'admina@care.test');
    expect(escalated.some((m) => m.body.includes('Escalated to you'))).toBe(true);
    // The medium alert's email tier comes after twice its timeout (3 min): inside the quiet hours.
    await t.app.notify.worker.run(() => minutes(start, 6.6));
    const held = await t.db.select().from(notifyOutbox).where(eq(notifyOutbox.alertId, medium));
    expect(held.find((r) => r.staffId === world.accounts.adminA && r.tier === 2)).toMatchObject({ status: 'suppressed', reason: 'quiet hours' });
    refused.clear();
  });
});

describe('escalation over every channel', () => {
  /** What reached the local peers about one alert: push subscriptions, mailboxes, LINE users. */
  const arrivedFor = (id: number) => ({
    push: receiver.received.filter((p) => (p.payload as PushPayload).alertId === id).map((p) => p.subscription).sort(),
    email: mails.filter((m) => m.messageId.startsWith(`<a${id}.`)).map((m) => m.to[0]).sort(),
    line: line.accepted.filter((r) => r.path === '/v2/bot/message/push' && r.body.messages[0].text.includes(`abnormal=${id}`)).map((r) => r.body.to!).sort(),
  });

  it('takes an unacknowledged high-priority alert to push, then email and LINE, then the next person on all three, each received by its local peer; acknowledging stops every further send', async () => {
    const staffToken = await login(t.app, 'tstaffa');
    const adminToken = await login(t.app, 'tadmina');
    // Each has a phone subscribed to web push and a linked LINE user; the admin takes every channel for high priority.
    for (const [token, name] of [[staffToken, 'staffa'], [adminToken, 'admina']] as const) {
      const subscribed = await api(t.app, token).post('/personal/push', { ...receiver.subscriber(name).json, label: `${name} phone` });
      expect(subscribed.statusCode, subscribed.body).toBe(200);
    }
    receiver.serverKey = (await t.app.channelAdapters.push.keys()).publicKey;
    await api(t.app, adminToken).put('/personal/notify', {
      language: 'en',
      channels: { push: ['high'], email: ['high'], line: ['high'] },
      quiet_start: null,
      quiet_end: null,
      utc_offset_minutes: 480,
    });
    expect((await api(t.app, adminToken).put('/line/channel', { access_token: line.accessToken, channel_secret: LINE_SECRET })).statusCode).toBe(200);
    for (const [token, user] of [[staffToken, 'Ustaffa'], [adminToken, 'Uadmina']] as const) {
      line.users.add(user);
      const code = (await api(t.app, token).post('/personal/line/code')).json().data.code as string;
      const body = JSON.stringify({ destination: 'U0', events: [{ type: 'message', replyToken: `r-${code}`, source: { type: 'user', userId: user }, message: { type: 'text', id: '1', text: code } }] });
      const linked = await t.app.inject({
        method: 'POST',
        url: `${t.app.config.apiPrefix}/line/webhook/${world.orgs.careA}`,
        headers: { 'content-type': 'application/json', 'x-line-signature': line.sign(body) },
        payload: body,
      });
      expect(linked.statusCode).toBe(200);
    }

    // The organisation's high-priority timeout is 1 minute (set above): push after 1, email and LINE after 2, the admins after 3.
    // A resident of their own: the SOS raised earlier is still open (one open alert per type and source).
    const [resident] = await t.db.insert(members).values({ orgId: world.orgs.careA, areaId: world.areas.areaA1, name: 'E Resident' }).returning({ id: members.id });
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    const id = await raise(AbnormalType.sos, start, resident.id);
    await t.app.notify.worker.run(() => minutes(start, 0.9));
    expect(arrivedFor(id)).toEqual({ push: [], email: [], line: [] });

    await t.app.notify.worker.run(() => minutes(start, 1.05));
    expect(arrivedFor(id)).toEqual({ push: ['admina', 'staffa'], email: [], line: [] });
    expect(receiver.rejected).toEqual([]);
    const toStaff = receiver.received.find((p) => p.subscription === 'staffa' && (p.payload as PushPayload).alertId === id)!;
    expect(toStaff.headers.urgency).toBe('high');
    expect(toStaff.payload).toMatchObject({ alertId: id, tag: `alert-${id}`, ackLabel: '確認收到', ackToken: expect.any(String) });
    expect((toStaff.payload as PushPayload).link).toContain(`abnormal=${id}`);

    await t.app.notify.worker.run(() => minutes(start, 2.05));
    expect(arrivedFor(id)).toEqual({ push: ['admina', 'staffa'], email: ['admina@care.test', 'staffa@care.test'], line: ['Uadmina', 'Ustaffa'] });
    // LINE checked the channel token and took a retry key made from each send's idempotency key.
    expect(line.refused).toEqual([]);
    const lineRows = await t.db.select().from(notifyOutbox).where(eq(notifyOutbox.alertId, id));
    const lineKeys = lineRows.filter((r) => r.channel === 'line').map((r) => retryKeyOf(r.idempotencyKey));
    const lineSent = line.accepted.filter((r) => r.body.messages[0].text.includes(`abnormal=${id}`));
    expect(lineSent.every((r) => lineKeys.includes(r.retryKey!))).toBe(true);
    expect(lineSent.find((r) => r.body.to === 'Ustaffa')!.body.messages[0].quickReply).toBeDefined();

    // The third tier: the admin is told on every channel (and the high-priority reminder of tier 2 goes out to both).
    await t.app.notify.worker.run(() => minutes(start, 3.05));
    const third = arrivedFor(id);
    expect(third.push).toEqual(['admina', 'admina', 'staffa']);
    expect(third.email).toEqual(['admina@care.test', 'admina@care.test', 'admina@care.test', 'staffa@care.test', 'staffa@care.test']);
    expect(third.line).toEqual(['Uadmina', 'Uadmina', 'Uadmina', 'Ustaffa', 'Ustaffa']);
    expect(mails.some((m) => m.messageId.startsWith(`<a${id}.s${world.accounts.adminA}.email.t3.`) && m.body.includes('Escalated to you'))).toBe(true);

    const ack = await api(t.app, staffToken).post(`/abnormal/acknowledge/${id}`, { minutes: 10 });
    expect(ack.statusCode).toBe(200);
    await t.app.notify.worker.run(() => minutes(start, 60));
    expect(arrivedFor(id)).toEqual(third);
    const rows = await t.db.select().from(notifyOutbox).where(eq(notifyOutbox.alertId, id));
    expect(rows.filter((r) => r.status === 'queued' || r.status === 'sending')).toEqual([]);
    expect(rows.filter((r) => r.status === 'cancelled').every((r) => r.reason === 'acknowledged')).toBe(true);
    expect(rows.some((r) => r.status === 'cancelled')).toBe(true);
  });

  it("tells a member's family contacts at once, on their channel and in their language, only of the categories they may receive", async () => {
    const [member, other] = await t.db
      .insert(members)
      .values([
        { orgId: world.orgs.careA, areaId: world.areas.areaA1, name: 'F Resident' },
        { orgId: world.orgs.careA, areaId: world.areas.areaA1, name: 'F Neighbour' },
      ])
      .returning({ id: members.id });
    const contact = { orgId: world.orgs.careA, areaId: world.areas.areaA1, relation: 'child' };
    line.users.add('Ufamily');
    await t.db.insert(familyContacts).values([
      { ...contact, memberId: member.id, name: 'F Daughter', language: 'en', channel: 'email', email: 'daughter@family.test', categories: [AbnormalCategory.sos, AbnormalCategory.fall] },
      { ...contact, memberId: member.id, name: 'F Son', language: 'zh-TW', channel: 'line', lineUserId: 'Ufamily', categories: [AbnormalCategory.sos] },
      { ...contact, memberId: member.id, name: 'F Niece', language: 'en', channel: 'email', email: 'niece@family.test', categories: [AbnormalCategory.fall] },
      { ...contact, memberId: other.id, name: 'F Other', language: 'en', channel: 'email', email: 'other@family.test', categories: [AbnormalCategory.sos] },
    ]);
    const start = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000);
    const id = await raise(AbnormalType.sos, start, member.id);
    await t.app.notify.worker.run(() => minutes(start, 0.05));
    const family = mails.filter((m) => m.messageId.startsWith(`<a${id}.f`));
    expect(family.map((m) => m.to[0])).toEqual(['daughter@family.test']);
    expect(family[0].subject).toContain('SOS');
    expect(family[0].body).toContain('family contact');
    // No console link (they have no account) and nothing of another member.
    expect(family[0].body).not.toContain('abnormal-log');
    expect(family[0].body).not.toContain('F Neighbour');
    const toSon = line.accepted.filter((r) => r.body.to === 'Ufamily');
    expect(toSon).toHaveLength(1);
    expect(toSon[0].body.messages[0].text).toContain('家屬聯絡人');
    expect(toSon[0].body.messages[0].quickReply).toBeUndefined();
    // A device issue of the same member is never a family's.
    await raise(AbnormalType.deviceOffline, minutes(start, 0.01), member.id);
    await t.app.notify.worker.run(() => minutes(start, 0.1));
    expect(mails.filter((m) => m.to[0].endsWith('@family.test'))).toHaveLength(1);
  });
});

describe('quiet hours', () => {
  it('holds the start, not the end, and wraps midnight', () => {
    const at = (h: number, m = 0) => new Date(Date.UTC(2026, 0, 1, h, m) - 480 * 60_000);
    expect(inQuietHours(at(22), 1320, 360, 480)).toBe(true);
    expect(inQuietHours(at(5, 59), 1320, 360, 480)).toBe(true);
    expect(inQuietHours(at(6), 1320, 360, 480)).toBe(false);
    expect(inQuietHours(at(12), 1320, 360, 480)).toBe(false);
    expect(inQuietHours(at(12), null, null, 480)).toBe(false);
  });
});
