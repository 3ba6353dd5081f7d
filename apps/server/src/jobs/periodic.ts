import type { FastifyBaseLogger } from 'fastify';
import { jobDuration, jobFailures } from '../metrics/registry.ts';

export type PeriodicJob = { stop(): void; tick(): Promise<void> };

/**
 * Runs `work` every `everyMs` until stopped: the server's background jobs (alert sweeps, rollups,
 * escalation, the care scheduler, embedded-database upkeep, the sockets' revocation sweep, the demo simulator). A run
 * still going when the next falls due is not overlapped; a failed run is logged with `failure` and
 * the job runs again on the next tick; the timer does not keep the process alive. `tick` runs the work once, under the same rule.
 */
export function startPeriodic(
  work: () => Promise<unknown>,
  options: { everyMs: number; log: FastifyBaseLogger; failure: string; runNow?: boolean },
): PeriodicJob {
  let running = false;
  // The metrics' job label: the failure message without its verdict ("alert sweep failed" → "alert sweep").
  const job = options.failure.replace(/[:;,]? *(the job )?failed.*$/, '').trim();
  const tick = async () => {
    if (running) return;
    running = true;
    const done = jobDuration.startTimer({ job });
    try {
      await work();
    } catch (err) {
      jobFailures.inc({ job });
      options.log.error({ err }, options.failure);
    } finally {
      done();
      running = false;
    }
  };
  if (options.runNow) void tick();
  const timer = setInterval(() => void tick(), options.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
