import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode, SECONDS_PER_DAY, StandardKind, TimelineKind, dataEnvelope, timelinePage, type TimelineEvent } from '@vigil/contracts';
import { resolveStandards } from '../../../alerts/standards.ts';
import { devices, members, orgs, readings } from '../../../db/schema/index.ts';
import { readingKindCode } from '../../../ingest/kinds.ts';
import { advanceRollups } from '../../../ingest/rollups.ts';
import { seedDemo } from '../../../demo/seed.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
const DEMO_PASSWORD = 'Demo1234';
const pageOf = dataEnvelope(timelinePage);
let token: string;
let memberId: number;

async function timeline(id: number, query: Record<string, string | number> = {}, as = token) {
  return api(t.app, as).get(`/user/timeline/${id}`, query);
}

/** Every page of a member's timeline, following next_cursor. */
async function allPages(id: number, query: Record<string, string | number>): Promise<TimelineEvent[][]> {
  const pages: TimelineEvent[][] = [];
  let cursor: string | null = null;
  do {
    const res = await timeline(id, cursor ? { ...query, cursor } : query);
    expect(res.statusCode, res.body).toBe(200);
    const data = pageOf.parse(res.json()).data;
    pages.push(data.list);
    cursor = data.next_cursor;
  } while (cursor);
  return pages;
}

beforeAll(async () => {
  await seedDemo(t.db);
  token = await login(t.app, 'orgadmin', DEMO_PASSWORD);
  // The demo member with the most kinds of events in the newest hundred.
  const [care] = await t.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.type, 1)).limit(1);
  const candidates = await t.db.select({ id: members.id }).from(members).where(eq(members.orgId, care.id));
  let best = -1;
  for (const { id } of candidates) {
    const data = pageOf.parse((await timeline(id, { per_page: 100 })).json()).data;
    const kinds = new Set(data.list.map((e) => e.kind)).size;
    if (kinds > best) [best, memberId] = [kinds, id];
  }
}, 180_000);

describe('GET /user/timeline/{id}', () => {
  it('streams at least six kinds of events of a demo member, newest first, in keyset pages', async () => {
    const pages = await allPages(memberId, { per_page: 7 });
    const events = pages.flat();
    expect(new Set(events.map((e) => e.kind)).size).toBeGreaterThanOrEqual(6);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(7);
    // Time order across pages, no event twice.
    for (let i = 1; i < events.length; i++) expect(events[i].time).toBeLessThanOrEqual(events[i - 1].time);
    expect(new Set(events.map((e) => e.key)).size).toBe(events.length);
    // The same stream as one large page.
    const whole = pageOf.parse((await timeline(memberId, { per_page: 100 })).json()).data.list;
    expect(events.slice(0, whole.length).map((e) => e.key)).toEqual(whole.map((e) => e.key));
  });

  it('filters by kind and date range', async () => {
    const alerts = (await allPages(memberId, { kinds: `${TimelineKind.alertRaised},${TimelineKind.alertHandled}`, per_page: 50 })).flat();
    expect(alerts.length).toBeGreaterThan(0);
    expect(new Set(alerts.map((e) => e.kind))).toEqual(new Set([TimelineKind.alertRaised, TimelineKind.alertHandled].filter((k) => alerts.some((e) => e.kind === k))));
    const middle = alerts[Math.floor(alerts.length / 2)].time;
    const ranged = (await allPages(memberId, { kinds: TimelineKind.alertRaised, start_date: middle - 86_400, end_date: middle, per_page: 50 })).flat();
    for (const e of ranged) expect(e.time >= middle - 86_400 && e.time <= middle).toBe(true);
  });

  it('answers an empty page that says so for a range beyond the data', async () => {
    const res = await timeline(memberId, { start_date: 946_684_800, end_date: 946_771_200 });
    expect(pageOf.parse(res.json()).data).toEqual({ list: [], next_cursor: null, empty_reason: 'beyond_data' });
  });

  it('summarises each day of readings per kind with the readings outside the standard', async () => {
    // Two days of heart rate every ten minutes (the demo's readings come from its simulator): in
    // range, with a few readings past the standard either way and some zeros (missing).
    const [member] = await t.db.select({ orgId: members.orgId, areaId: members.areaId }).from(members).where(eq(members.id, memberId));
    const [device] = await t.db.select({ id: devices.id }).from(devices).where(eq(devices.orgId, member.orgId)).limit(1);
    const start = Math.floor(Date.now() / 1000 / 3600) * 3600 - 2 * SECONDS_PER_DAY;
    const value = (i: number) => (i % 37 === 0 ? 0 : i % 23 === 0 ? 135 : i % 29 === 0 ? 38 : 60 + (i % 20));
    await t.db.insert(readings).values(
      Array.from({ length: 2 * 144 }, (_, i) => ({
        orgId: member.orgId,
        memberId,
        areaId: member.areaId,
        deviceId: device.id,
        kind: readingKindCode.heartRate,
        source: 0,
        occurTime: new Date((start + i * 600) * 1000),
        value: value(i),
      })),
    );
    // The rollup job, as the server runs it, rolls them up.
    await advanceRollups(t.db, 0);
    const summaries = (await allPages(memberId, { kinds: TimelineKind.vitalSummary, per_page: 40 })).flat();
    for (const s of summaries) {
      expect(s.summary).not.toBeNull();
      expect(s.summary!.readings).toBeGreaterThan(0);
      if (s.summary!.min !== null) expect(s.summary!.min).toBeLessThanOrEqual(s.summary!.max!);
    }
    // The outside counts read only the hours whose rollup reaches past the standard: they equal a
    // count over every reading of the day.
    const heart = summaries.filter((s) => s.summary!.reading_kind === readingKindCode.heartRate);
    expect(heart.some((s) => (s.summary!.outside ?? 0) > 0)).toBe(true);
    const std = (await resolveStandards(t.db, [memberId])).get(memberId)![StandardKind.instantHeartRate];
    for (const s of heart) {
      const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from readings
        where member_id = ${memberId} and kind = ${readingKindCode.heartRate} and value <> 0 and (value < ${std.min} or value > ${std.max})
          and occur_time >= to_timestamp(${s.summary!.day}) and occur_time < to_timestamp(${s.summary!.day + SECONDS_PER_DAY})`);
      expect(s.summary!.outside, `day ${s.summary!.day}`).toBe(Number(rows[0].n));
    }
  });

  it('refuses bad input with -5 naming the field and another organisation with -7', async () => {
    expect((await timeline(memberId, { kinds: 'alert_raised,nonsense' })).json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'kinds' }] });
    expect((await timeline(memberId, { start_date: 200, end_date: 100 })).json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'end_date' }] });
    expect((await timeline(memberId, { cursor: 'x' })).json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'cursor' }] });
    expect((await timeline(2_000_000_000)).json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'id' }] });
    const hotel = await login(t.app, 'hoteladmin', DEMO_PASSWORD);
    expect((await timeline(memberId, {}, hotel)).json().code).toBe(ErrorCode.notFound);
  });
});
