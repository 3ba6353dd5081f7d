import { Column, SQL, getTableColumns, getTableName, is } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { fromUnix, toUnix, toUnixOrNull } from '@vigil/contracts';

/** Where a wire value is read from: a column (of the table or a join) or an SQL expression. */
export type WireSource = AnyPgColumn | SQL | SQL.Aliased;

/** The value a source selects, as Drizzle maps it. */
type SourceValue<S extends WireSource> = SelectResultFields<{ v: S }>['v'];

/**
 * A source whose value is turned into the wire value (times into unix seconds, for instance).
 * `toColumn` is the way back, for a body value written to the column; without it the key is read-only.
 */
class Converted {
  constructor(
    readonly source: WireSource,
    readonly convert: (value: unknown) => unknown,
    readonly toColumn?: (value: unknown) => unknown,
  ) {}
}

export type WireField = WireSource | Converted;

/**
 * A resource's wire shape: one entry per key of its API row (snake_case, exactly the contracts row
 * schema's keys; the type and a test over every resource hold them equal), each naming where the
 * value comes from. The selected fields and the row mapping are both derived from it.
 */
export type WireMap<TRow> = { readonly [K in keyof TRow]-?: WireField };

/** The escape hatch: a value computed from its source (e.g. a role's label key from its id). */
export function mapped<S extends WireSource, T>(source: S, convert: (value: SourceValue<S>) => T): WireField {
  return new Converted(source, convert as (value: unknown) => unknown);
}

/** A timestamp column (or expression mapped to a Date) on the wire as unix seconds. */
export function time(source: WireSource): WireField {
  return new Converted(
    source,
    (value) => toUnix(value as Date),
    (value) => fromUnix(value as number),
  );
}

/** A nullable timestamp on the wire as unix seconds or null. */
export function timeOrNull(source: WireSource): WireField {
  return new Converted(
    source,
    (value) => toUnixOrNull(value as Date | null),
    (value) => (value === null ? null : fromUnix(value as number)),
  );
}

/**
 * A resource's whole wire map from the keys of its API row and the entries a definition names: a
 * key it does not name is read from the table's column of that SQL name (the snake_case of the
 * property), a timestamp or date as unix seconds (`time`, or `timeOrNull` where the column takes
 * null). So a definition names only what is not its own column as it is: joined names, SQL,
 * converted values, keys spelt otherwise. A row key with neither fails at start, as does a named
 * key the row does not have.
 */
export function withColumns<TRow>(table: PgTable, rowKeys: readonly string[], named: Partial<WireMap<TRow>>): WireMap<TRow> {
  const byName = new Map<string, AnyPgColumn>(Object.values(getTableColumns(table)).map((c) => [c.name, c as AnyPgColumn]));
  const given = named as Readonly<Record<string, WireField | undefined>>;
  const extra = Object.keys(given).filter((key) => !rowKeys.includes(key));
  if (extra.length) throw new Error(`wire map of ${getTableName(table)}: ${extra.join(', ')}: not a key of the API row`);
  const map: Record<string, WireField> = {};
  for (const key of rowKeys) {
    const column = byName.get(key);
    const field = given[key] ?? (column && (column.dataType === 'date' ? (column.notNull ? time(column) : timeOrNull(column)) : column));
    if (field === undefined) throw new Error(`wire map of ${getTableName(table)}: the row's ${key} is no column; name its source`);
    map[key] = field;
  }
  return map as WireMap<TRow>;
}

/** What the kit needs from a map: the fields to select and the mapping of a selected row to the API row. */
export type Wire<TRow> = {
  keys: readonly string[];
  fields: SelectedFields;
  toRow: (selected: Record<string, unknown>) => TRow;
};

export function compileWire<TRow>(map: WireMap<TRow>): Wire<TRow> {
  const entries = Object.entries(map as Record<string, WireField>);
  const fields: Record<string, WireSource> = {};
  const converters: [string, (value: unknown) => unknown][] = [];
  for (const [key, field] of entries) {
    if (field instanceof Converted) {
      fields[key] = field.source;
      converters.push([key, field.convert]);
    } else {
      fields[key] = field;
    }
  }
  return {
    keys: entries.map(([key]) => key),
    fields: fields as SelectedFields,
    toRow: (selected) => {
      const row = { ...selected };
      for (const [key, convert] of converters) row[key] = convert(selected[key]);
      return row as TRow;
    },
  };
}

/** The column or expression behind a wire key, for ordering by it. */
export function wireSource(field: WireField): AnyPgColumn | SQL | undefined {
  const source = field instanceof Converted ? field.source : field;
  if (is(source, Column) || is(source, SQL)) return source as AnyPgColumn | SQL;
  return undefined;
}

/** Column values of a request body: each body key the wire map reads from a column of the table. */
export type WriteColumns = {
  /** The wire keys a body may write. */
  keys: ReadonlySet<string>;
  values: (body: Readonly<Record<string, unknown>>) => Record<string, unknown>;
};

/**
 * The way back of a wire map: a body key that is also a wire key read from one of the table's own
 * columns (plain, `time` or `timeOrNull`) is written to that column, times turned back into dates.
 * Keys read from joins, SQL or `mapped` are read-only. A key absent from the body (undefined) is
 * left out, so PATCH changes only what it names and a create falls back to the column default;
 * null clears a nullable column.
 */
export function compileWrite(table: PgTable, map: Readonly<Record<string, WireField>>): WriteColumns {
  const property = new Map<unknown, string>(Object.entries(getTableColumns(table)).map(([prop, column]) => [column, prop]));
  const targets: [key: string, prop: string, toColumn: (value: unknown) => unknown][] = [];
  for (const [key, field] of Object.entries(map)) {
    const converted = field instanceof Converted ? field : undefined;
    const prop = property.get(converted ? converted.source : field);
    if (prop === undefined || (converted && !converted.toColumn)) continue;
    targets.push([key, prop, converted?.toColumn ?? ((value) => value)]);
  }
  return {
    keys: new Set(targets.map(([key]) => key)),
    values: (body) => {
      const values: Record<string, unknown> = {};
      for (const [key, prop, toColumn] of targets) {
        if (body[key] !== undefined) values[prop] = toColumn(body[key]);
      }
      return values;
    },
  };
}
