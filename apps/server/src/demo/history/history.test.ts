import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { OrgType, UserChangeKind } from '@vigil/contracts';
import { abnormalEvents, abnormalHandles, auditLog, medicalStateLogs, memberChangeLogs, orgs, readings, staff, staffChangeLogs, tempRoles } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { seedAlertHandling, valueAt } from '../alert-handling.ts';
import { seedAuditTrail } from '../audit.ts';
import { seedDemo } from '../seed.ts';
import { seedHistory } from './index.ts';

const t = useTestApp();

describe('demo history', () => {
  it('stores a week of readings for the demo members and raises some alerts, quickly', async () => {
    await seedDemo(t.db);
    const started = performance.now();
    const result = await seedHistory(t.db, new Date());
    const seconds = (performance.now() - started) / 1000;
    expect(result.readings).toBeGreaterThan(30_000);
    expect(result.abnormal).toBeGreaterThan(0);
    // Every one of SPEC's 17 physiological kinds (storage codes 0–16) has history, so no reading
    // page is empty for any role; device events (100+) come on top.
    const kinds = await t.db.execute<{ kinds: number }>(
      sql`select count(distinct kind)::int as kinds from readings where member_id is not null and kind < 100`,
    );
    expect(Number(kinds.rows[0].kinds)).toBe(17);
    // The care home measures cholesterol (8) and uric acid (9) too, not only the clinic.
    const careKinds = await t.db
      .selectDistinct({ kind: readings.kind })
      .from(readings)
      .innerJoin(orgs, eq(orgs.id, readings.orgId))
      .where(eq(orgs.type, OrgType.care));
    expect(careKinds.map((k) => k.kind)).toEqual(expect.arrayContaining([8, 9]));
    console.info(
      `demo history: ${result.readings} readings, ${result.abnormal} abnormal events in ${seconds.toFixed(1)} s`,
    );
  }, 120_000);

  it('handles the older alerts as staff would: one handling each, by someone in scope, after the alert', async () => {
    const now = new Date();
    const handled = await seedAlertHandling(t.db, now);
    expect(handled).toBeGreaterThan(0);
    const rows = await t.db
      .select({ handle: abnormalHandles, event: abnormalEvents, by: staff })
      .from(abnormalHandles)
      .innerJoin(abnormalEvents, eq(abnormalEvents.id, abnormalHandles.abnormalId))
      .innerJoin(staff, eq(staff.id, abnormalHandles.staffId));
    expect(rows).toHaveLength(handled);
    expect(new Set(rows.map((r) => r.event.id)).size).toBe(handled);
    const changes = await t.db.select().from(staffChangeLogs).orderBy(asc(staffChangeLogs.createdAt));
    for (const { handle, event, by } of rows) {
      expect(event.isHandle).toBe(true);
      // Handled by someone enabled and, for an area administrator, in the alert's area at the time.
      const own = (kind: number) => changes.filter((c) => c.staffId === by.id && c.kind === kind);
      const at = handle.handleTime.getTime();
      expect(valueAt(own(UserChangeKind.enable), at, 'enable', true)).toBe(true);
      const areaThen = valueAt(own(UserChangeKind.area), at, 'area_id', by.areaId);
      expect(areaThen === null || areaThen === event.areaId).toBe(true);
      expect(handle.handleTime.getTime()).toBeGreaterThanOrEqual((event.lastOccurTime ?? event.occurTime).getTime());
      expect(handle.handleTime.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(by.orgId).toBe(event.orgId);
      expect(handle.staffName).toBe(by.name);
    }
    // The hotel's "Handling records" page has rows; the last hours' alerts are still open.
    const [hotel] = await t.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.type, OrgType.hotel));
    expect(rows.some((r) => r.event.orgId === hotel.id)).toBe(true);
    const recent = await t.db.select().from(abnormalEvents).where(sql`${abnormalEvents.occurTime} > ${new Date(now.getTime() - 12 * 3_600_000)}`);
    expect(recent.every((e) => !e.isHandle)).toBe(true);

    // The audit trail holds one entry per seeded write, by the staff member who made it.
    await seedAuditTrail(t.db);
    const writes = await Promise.all([staffChangeLogs, memberChangeLogs, medicalStateLogs, tempRoles].map((table) => t.db.$count(table)));
    const trail = await t.db.select().from(auditLog);
    expect(trail).toHaveLength(handled + writes.reduce((a, b) => a + b, 0));
    expect(trail.filter((e) => e.route === '/handle/abnormal')).toHaveLength(handled);
    expect(trail.find((e) => e.route === '/user/state/{id}')).toMatchObject({ method: 'PATCH', resource: '/user', action: 'update' });
  }, 60_000);
});
