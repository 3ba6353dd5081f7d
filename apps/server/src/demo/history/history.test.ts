import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/helpers.ts';
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
    console.info(
      `demo history: ${result.readings} readings, ${result.abnormal} abnormal events in ${seconds.toFixed(1)} s`,
    );
  }, 120_000);
});
