import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.ts';
import { makePartitions } from './partitions.ts';
import { retentionPass } from './retention.ts';

/**
 * The daily reading housekeeping (docs/operations.md "Housekeeping"): next months' partitions
 * made and strays moved out of the default partitions first, then the retention pass. Logged when
 * it changed anything, so an operator sees each month made and each month dropped.
 */
export async function readingHousekeeping(db: Db, log: FastifyBaseLogger, now = new Date()): Promise<void> {
  const partitions = await makePartitions(db, now);
  if (partitions.made.length) log.info({ made: partitions.made, moved: partitions.moved }, 'reading partitions made');
  const retention = await retentionPass(db, now);
  if (retention.dropped.length || retention.rawDeleted || retention.rollupsDeleted)
    log.info(retention, 'retention pass removed readings past their period');
}
