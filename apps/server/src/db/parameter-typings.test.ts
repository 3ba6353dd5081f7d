import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { careEducations, readings } from './schema/index.ts';
import { rememberParameterTypings } from './parameter-typings.ts';

// No connection is made: statements are only built (toSQL), as Drizzle builds them before sending.
describe('remembered parameter typings', () => {
  it('answers as Drizzle does for each column kind, and builds the same statements', () => {
    const plain = drizzle.mock();
    const remembering = drizzle.mock();
    rememberParameterTypings(remembering);
    const dialect = new PgDialect();
    for (const column of [readings.data, readings.occurTime, readings.deviceId, careEducations.id, careEducations.topic]) {
      const typing = dialect.prepareTyping(column);
      expect((remembering as unknown as { dialect: PgDialect }).dialect.prepareTyping(column)).toBe(typing);
      expect((remembering as unknown as { dialect: PgDialect }).dialect.prepareTyping(column)).toBe(typing);
    }
    const row = { orgId: 1, deviceId: 2, kind: 0, source: 1, occurTime: new Date(0), data: { value: 70 } } as typeof readings.$inferInsert;
    const build = (db: typeof plain) => db.insert(readings).values([row, row]).toSQL();
    expect(build(remembering)).toEqual(build(plain));
    expect(build(remembering)).toEqual(build(plain));
  });

  it('fails loudly at start if Drizzle no longer has the hook', () => {
    expect(() => rememberParameterTypings({})).toThrow(/drizzle-orm changed/);
  });
});
