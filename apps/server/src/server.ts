import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { buildApp } from './app.ts';

export type RunningServer = { app: FastifyInstance; database: Database; stop(): Promise<void> };

export function databaseOptions(config: Config) {
  return config.databaseUrl
    ? ({ kind: 'postgres', url: config.databaseUrl } as const)
    : ({ kind: 'pglite', dataDir: config.dataDir } as const);
}

/** Opens the database, migrates, prepares first-start data, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(databaseOptions(config));
  await database.migrate();
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  return {
    app,
    database,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}
