import type { TFunction } from 'i18next';
import { z } from 'zod';
import { CARE_UTC_OFFSET_MINUTES, labelledEnums } from '@vigil/contracts';
import type { Cell } from './csv.ts';

/**
 * One column of an export: its header (an i18n key, with the unit's key when the values have one)
 * and how a list item gives its cell in the user's language.
 */
export type ExportColumn<TItem> = {
  header: string;
  unit?: string;
  value: (item: TItem, t: TFunction) => Cell;
};

/** "Heart rate (bpm)": the header in the user's language with its unit. */
export function headerText<TItem>(column: ExportColumn<TItem>, t: TFunction): string {
  const label = t(column.header);
  return column.unit ? `${label} (${t(column.unit)})` : label;
}

/**
 * A unix time as the organisation's wall clock, "2026-11-27 14:05" (the same offset the care
 * rules and the list's date filters use), which a spreadsheet reads as a date-time.
 */
export function localDateTime(seconds: number | null | undefined): Cell {
  if (seconds === null || seconds === undefined) return null;
  return new Date((seconds + CARE_UTC_OFFSET_MINUTES * 60) * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Keys of a row that hold a unix time (SPEC §3 names them *_at, *_time and *_date). */
const timeKey = /(_at|_time|_date|^time)$/;

/**
 * The label keys of a coded field: the labelled enumeration whose values the field's schema was made
 * from (`codeOf(Gender)` keeps `Gender` as its entries), found by identity or, for a copy, by the
 * same members and codes.
 */
const labelKeysByValues = new Map<object, Record<string | number, string>>(
  Object.values(labelledEnums).map((e) => [e.values, e.labelKey as Record<string | number, string>]),
);
const labelKeysBySignature = new Map(
  Object.values(labelledEnums).map((e) => [JSON.stringify(e.values), e.labelKey as Record<string | number, string>]),
);
function enumLabelKeys(schema: z.ZodType): Record<string | number, string> | undefined {
  if (!(schema instanceof z.ZodEnum)) return undefined;
  const entries = schema.def.entries as object;
  return labelKeysByValues.get(entries) ?? labelKeysBySignature.get(JSON.stringify(entries));
}

/**
 * The columns of a kit resource with no columns of its own: every plain field of its row schema
 * (text, number, yes/no, time; nested objects are left to a list's own columns), headed by
 * `export.column.<key>`. A coded field (gender, state, type) shows its label in the user's
 * language, as the list does, not its code.
 */
export function rowColumns<TItem>(row: z.ZodType): ExportColumn<TItem>[] {
  if (!(row instanceof z.ZodObject)) return [];
  const columns: ExportColumn<TItem>[] = [];
  for (const [key, schema] of Object.entries(row.shape as Record<string, z.ZodType>)) {
    const kind = plainKind(schema);
    if (!kind) continue;
    const read = (item: TItem) => (item as Record<string, unknown>)[key];
    const labels = enumLabelKeys(unwrapped(schema));
    columns.push({
      header: `export.column.${key}`,
      value: labels
        ? (item, t) => {
            const code = read(item) as string | number | null | undefined;
            if (code === null || code === undefined) return null;
            const labelKey = labels[code];
            return labelKey ? t(labelKey) : (code as Cell);
          }
        : kind === 'boolean'
          ? (item, t) => (read(item) === null || read(item) === undefined ? null : t(read(item) ? 'export.yes' : 'export.no'))
          : kind === 'number' && timeKey.test(key)
            ? (item) => localDateTime(read(item) as number | null)
            : (item) => (read(item) ?? null) as Cell,
    });
  }
  return columns;
}

/** The schema under optional, nullable and default wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
  return s;
}

/** The plain type under optional, nullable and default wrappers; undefined for objects and arrays. */
function plainKind(schema: z.ZodType): 'string' | 'number' | 'boolean' | undefined {
  const s = unwrapped(schema);
  if (s instanceof z.ZodString || s instanceof z.ZodEnum) return 'string';
  if (s instanceof z.ZodNumber) return 'number';
  if (s instanceof z.ZodBoolean) return 'boolean';
  return undefined;
}
