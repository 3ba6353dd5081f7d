import type { DriverValueEncoder, QueryTypingsValue } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Drizzle names a type (json, timestamp, uuid, …) for every parameter of every statement it builds,
 * testing the parameter's column against ten classes with `is()`, each failed test walking the
 * column's class chain: in a profile of bench:shift that was an eighth of Drizzle's time, and an
 * insert of 1,000 readings does it for each of its thousands of parameters. The answer depends only
 * on the column (or encoder), which lives as long as the schema, so it is worked out once per
 * column. The answer is the same as before; only the repeated work goes.
 */
export function rememberParameterTypings(db: unknown): void {
  const dialect = (db as { dialect?: PgDialect }).dialect;
  if (typeof dialect?.prepareTyping !== 'function') throw new Error('drizzle-orm changed: its dialect has no prepareTyping to remember');
  const typingOf = dialect.prepareTyping.bind(dialect);
  const known = new WeakMap<object, QueryTypingsValue>();
  // Drizzle reads `this.prepareTyping` when it builds each statement, so the instance's own wins.
  dialect.prepareTyping = (encoder: DriverValueEncoder<unknown, unknown>) => {
    if (typeof encoder !== 'object' || encoder === null) return typingOf(encoder);
    let typing = known.get(encoder);
    if (typing === undefined) {
      typing = typingOf(encoder);
      known.set(encoder, typing);
    }
    return typing;
  };
}
