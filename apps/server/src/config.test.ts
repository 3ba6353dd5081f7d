import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { databaseOptions } from './server.ts';

describe('DATABASE_POOL_SIZE', () => {
  const url = 'postgres://vigil@localhost/vigil?host=/var/run/postgresql';

  it('sizes the PostgreSQL pool, 10 when unset', () => {
    expect(databaseOptions(loadConfig({ DATABASE_URL: url }))).toEqual({ kind: 'postgres', url, poolSize: 10 });
    expect(databaseOptions(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '25' }))).toMatchObject({ poolSize: 25 });
    expect(databaseOptions(loadConfig({ DATABASE_POOL_SIZE: '25' }))).toMatchObject({ kind: 'pglite' });
  });

  it('refuses a size that is not a whole number from 1 to 200, naming the variable', () => {
    for (const bad of ['0', '201', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
