import { z } from 'zod';
import type { Locale } from '../rules/constants.ts';

/**
 * How the console edits a body field that no page declares by hand: its label in both languages,
 * and for text what it holds. A column added to a resource is then three places (this schema, the
 * table, the generated migration): the server reads and writes it by its name, and the kit's form
 * shows it with this label (docs/architecture.md "Adding a column").
 */
export type FieldMeta = {
  label: Record<Locale, string>;
  /** A text's input type (a phone number gets the phone keypad) or a number. */
  type?: 'text' | 'tel' | 'email' | 'number';
  /** Several lines (a note, a result). */
  multiline?: boolean;
};

/**
 * The fields' metadata, kept out of zod's global registry so the OpenAPI document does not carry
 * the console's labels.
 */
export const fieldMeta = z.registry<FieldMeta>();

/** A body field with its label and input (the field's schema, registered in `fieldMeta`). */
export function field<S extends z.ZodType>(schema: S, meta: FieldMeta): S {
  fieldMeta.add(schema, meta);
  return schema;
}
