import { writeFileSync } from 'node:fs';
import { testConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { catalogueFile, catalogueSource } from '../src/auth/catalogue-file.ts';

// Registering the routes needs no data: an empty in-memory database is enough.
const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp({ config: testConfig(), database });
await app.ready();
const pairs = app.catalogue.list();
writeFileSync(catalogueFile, catalogueSource(pairs));
console.log(`wrote ${pairs.length} permission pairs to ${catalogueFile}`);
await app.close();
await database.close();
