import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { startPeriodic } from './periodic.ts';

const logger = () => ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

describe('a periodic job', () => {
  it('logs a failed run and runs again on the next tick', async () => {
    const log = logger();
    const work = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue(undefined);
    const job = startPeriodic(work, { everyMs: 60_000, log, failure: 'sweep failed' });
    await job.tick();
    expect(log.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'database gone' }) }, 'sweep failed');
    await job.tick();
    expect(work).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    job.stop();
  });

  it('does not start a run while the last one is still going', async () => {
    let finish!: () => void;
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const job = startPeriodic(work, { everyMs: 60_000, log: logger(), failure: 'x' });
    const first = job.tick();
    await job.tick();
    expect(work).toHaveBeenCalledTimes(1);
    finish();
    await first;
    void job.tick();
    expect(work).toHaveBeenCalledTimes(2);
    finish();
    job.stop();
  });

  it('runs at once when asked, then on its interval, and no more once stopped', async () => {
    vi.useFakeTimers();
    try {
      const work = vi.fn(async () => undefined);
      const job = startPeriodic(work, { everyMs: 1_000, log: logger(), failure: 'x', runNow: true });
      expect(work).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(work).toHaveBeenCalledTimes(3);
      job.stop();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(work).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
