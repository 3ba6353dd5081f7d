/**
 * `npm run seed`: seeds the demo world and a week of its readings into the configured database (DATABASE_URL, or the embedded
 * one under DATA_DIR). Migrates first, so it works on a brand-new database; refuses to touch a
 * database that already holds organisations.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { hasOrganisations, seedDemo } from './seed.ts';
import { writeDemoFiles } from './care-ii.ts';
import { seedDemoWeek } from './week.ts';
import { seedDemoSecondFactor } from './second-factor.ts';
import { loadSealer } from '../auth/second-factor/sealing.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
const where = config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`;
try {
  await database.migrate();
  if (await hasOrganisations(database.db)) {
    console.log(`Not seeding: ${where} already has organisations. Seed an empty database (for example a new DATA_DIR).`);
  } else {
    const started = performance.now();
    await seedDemo(database.db);
    await seedDemoSecondFactor(database.db, await loadSealer(config));
    await writeDemoFiles(config.uploadDir);
    const { readings, abnormal, handled } = await seedDemoWeek(database.db, new Date());
    console.log(`Seeded the demo world (${readings} readings, ${abnormal} abnormal events, ${handled} of them handled) into ${where} in ${Math.round(performance.now() - started)} ms. Password of every demo account: Demo1234.`);
  }
} finally {
  await database.close();
}
