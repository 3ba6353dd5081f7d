import type { Db } from '../db/client.ts';
import { upkeepDue } from '../db/upkeep.ts';
import { advanceRollups } from '../ingest/rollups.ts';
import { seedAlertHandling } from './alert-handling.ts';
import { seedAuditTrail } from './audit.ts';
import { seedDemoHandovers } from './handover.ts';
import { seedHistory } from './history/index.ts';

/**
 * The demo world's last week, after `seedDemo`: the readings of every bound device (and the alerts
 * they raise, the older ones handled), the audit trail of the seeded changes, their hourly rollups,
 * and the handovers frozen from them. The readings are
 * committed, so they are rolled up at once rather than by the job's first settled run a minute
 * after start, which on the embedded database would hold every query for that long. Then the
 * tables are vacuumed and analysed, as after any bulk load, so the first user's charts and lists
 * get index-only scans and planned row counts at once rather than after the next upkeep.
 */
export async function seedDemoWeek(db: Db, now: Date): Promise<{ readings: number; abnormal: number; handled: number }> {
  const counts = await seedHistory(db, now);
  const handled = await seedAlertHandling(db, now);
  await seedAuditTrail(db);
  await advanceRollups(db, 0);
  await seedDemoHandovers(db, now.getTime());
  await upkeepDue(db);
  return { ...counts, handled };
}
