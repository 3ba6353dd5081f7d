/**
 * What several benchmarks share: percentiles, a free loopback port, a throwaway database, and the
 * tally of what the staff socket worker (alerts/clients.ts) received.
 */
import { createServer } from 'node:net';
import type { Worker } from 'node:worker_threads';
import pg from 'pg';

/** The p-th percentile (0–100) by nearest rank; NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const ms = (v: number): string => `${v.toFixed(1)} ms`;

/** A port nothing listens on yet, for a child process (server, Redis) to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL (or the local one), so a
 * bench never touches the tests' or a developer's data; `url` is undefined when no server answers
 * (the bench then runs on PGlite). `drop` removes it.
 */
export async function throwawayDatabase(prefix: string): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    console.warn(`no PostgreSQL at ${adminUrl} (${String(err)}); running on PGlite`);
    await admin.end().catch(() => undefined);
    return { url: undefined, drop: async () => undefined };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** One alert as a staff socket of the worker received it: its socket's organisation, the alert's device, when. */
export type Receipt = { org: number; device: number; at: number };

/** Asks the socket worker for every receipt its sockets recorded, then stops it. */
export async function collectReceipts(worker: Worker): Promise<Receipt[]> {
  worker.postMessage('report');
  const receipts = await new Promise<Receipt[]>((resolve) =>
    worker.on('message', (m: { kind: string; receipts?: Receipt[] }) => {
      if (m.kind === 'receipts') resolve(m.receipts!);
    }),
  );
  await worker.terminate();
  return receipts;
}

/**
 * Sorts receipts into deliveries of the alerts the bench raised (device → when its high reading
 * was sent) and deliveries to a socket of another organisation, which must never happen. Each
 * delivery is handed to `onDelivery` with its alert's send time.
 */
export function tallyReceipts(
  receipts: readonly Receipt[],
  deviceOrg: ReadonlyMap<number, number>,
  sentAt: ReadonlyMap<number, number>,
  onDelivery: (receipt: Receipt, sent: number) => void,
): { delivered: number; crossOrg: number } {
  let delivered = 0;
  let crossOrg = 0;
  for (const r of receipts) {
    if (deviceOrg.get(r.device) !== r.org) {
      crossOrg++;
      continue;
    }
    const sent = sentAt.get(r.device);
    if (sent === undefined) continue;
    delivered++;
    onDelivery(r, sent);
  }
  return { delivered, crossOrg };
}
