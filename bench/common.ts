/** What several benchmarks share: percentiles, a free loopback port, a throwaway database. */
import { createServer } from 'node:net';
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
