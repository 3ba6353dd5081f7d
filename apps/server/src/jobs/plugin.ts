import type { FastifyInstance } from 'fastify';
import { upkeep, UPKEEP_EVERY_MS } from '../db/upkeep.ts';
import { readingHousekeeping } from '../db/housekeeping.ts';
import { PARTITION_JOB_EVERY_MS } from '../db/partitions.ts';
import { advanceRollups, ROLLUP_EVERY_MS } from '../ingest/rollups.ts';
import { ALERT_SWEEP_MS, alertSweeps } from '../ingest/sweep.ts';
import { revocationSweep, REVOCATION_SWEEP_MS } from '../realtime/revocation.ts';
import { EXPORT_JOB_TICK_MS, listExportJob } from '../resources/export/job.ts';
import { type PeriodicJob, startPeriodic } from './periodic.ts';

/**
 * One periodic job: its work, how often, and the line logged when a run fails. `runNow` runs it
 * once at start, `tickWhenReady` once as soon as the app is ready, rather than a full interval later.
 */
export type Job = {
  run: () => Promise<unknown>;
  everyMs: number;
  failure: string;
  runNow?: boolean;
  tickWhenReady?: boolean;
};

/**
 * Starts every periodic job of the app, each through `startPeriodic`, and stops them all before the
 * app closes so none runs against a closing database (docs/architecture.md "Real time and ingest"):
 * the alert sweeps, the rollups, the sockets' revocation sweep, the embedded database's upkeep, and
 * the API modules' jobs (escalation, the care scheduler), which the app hands in: this folder sits
 * below `modules/` and never imports it. Register it last: it needs `alerts`, `realtime` and the database.
 */
export function registerJobs(app: FastifyInstance, moduleJobs: readonly Job[]): void {
  const { db } = app.database;
  const all: Job[] = [
    { run: alertSweeps(db, app.alerts), everyMs: ALERT_SWEEP_MS, failure: 'alert sweep failed' },
    // Hourly rollups for long charts, kept behind the readings by a job rather than by every ingest statement.
    { run: () => advanceRollups(db), everyMs: ROLLUP_EVERY_MS, failure: 'reading rollups: the job failed; it runs again', runNow: true },
    { run: revocationSweep(app, app.realtime.staff), everyMs: REVOCATION_SWEEP_MS, failure: 'realtime: revocation sweep failed' },
    // Reading partitions made ahead and the retention pass, daily; once when ready (not at
    // registration), so start-up never waits behind DDL on the embedded database's one connection.
    {
      run: () => readingHousekeeping(db, app.log),
      everyMs: PARTITION_JOB_EVERY_MS,
      failure: 'reading partitions and retention: the job failed; it runs again tomorrow',
      tickWhenReady: true,
    },
    // List exports too large to stream are made into kept files, and expired ones dropped (docs/reports.md "Large exports").
    { run: listExportJob(db, app.log), everyMs: EXPORT_JOB_TICK_MS, failure: 'list export job failed' },
    ...moduleJobs,
  ];
  // The embedded database has no autovacuum daemon: the app does its work (docs/operations.md).
  if (app.database.kind === 'pglite')
    all.push({ run: () => upkeep(db, app.log), everyMs: UPKEEP_EVERY_MS, failure: 'embedded database upkeep failed; it runs again' });
  const started: PeriodicJob[] = [];
  for (const job of all) {
    const periodic = startPeriodic(job.run, { everyMs: job.everyMs, log: app.log, failure: job.failure, runNow: job.runNow });
    started.push(periodic);
    if (job.tickWhenReady) app.addHook('onReady', async () => void periodic.tick());
  }
  app.addHook('preClose', async () => {
    for (const job of started) job.stop();
  });
}
