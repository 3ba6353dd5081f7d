import { type Locale, fieldMeta } from '@vigil/contracts';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import type { FormFieldSpec } from './FormField.tsx';

/** The body fields a schema describes itself (contracts' `field(...)`), by name. */
function describedFields(schema: z.ZodType): [string, z.ZodType][] {
  if (!(schema instanceof z.ZodObject)) return [];
  return (Object.entries(schema.shape) as [string, z.ZodType][]).filter(([, field]) => fieldMeta.has(field));
}

/**
 * A form's fields: the page's own, and each field the schema describes that the page does not
 * declare, labelled in the user's language and placed after the field the schema puts before it
 * (a companion's phone after the companion's name). A column added to a resource thus reaches
 * its dialogs from its contract alone (docs/architecture.md "Adding a column").
 */
export function withSchemaFields<V extends FieldValues>(schema: z.ZodType, fields: FormFieldSpec<V>[], locale: Locale): FormFieldSpec<V>[] {
  if (!(schema instanceof z.ZodObject)) return fields;
  const declared = new Set<string>(fields.map((f) => f.name));
  const after = new Map<string | undefined, FormFieldSpec<V>[]>();
  let previous: string | undefined;
  for (const [name, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    if (declared.has(name)) previous = name;
    const meta = fieldMeta.get(field);
    if (declared.has(name) || !meta) continue;
    const spec: FormFieldSpec<V> = {
      name: name as FormFieldSpec<V>['name'],
      label: meta.label[locale],
      type: meta.type,
      multiline: meta.multiline,
      required: !field.safeParse(undefined).success && !field.safeParse(null).success,
    };
    after.set(previous, [...(after.get(previous) ?? []), spec]);
  }
  return [...(after.get(undefined) ?? []), ...fields.flatMap((f) => [f, ...(after.get(f.name) ?? [])])];
}

/** The names a form edits: the page's fields and those the schema describes (an edit starts from the row's values of these). */
export function formFieldNames(schema: z.ZodType, fields: readonly { name: string }[]): string[] {
  return [...new Set([...fields.map((f) => f.name), ...describedFields(schema).map(([name]) => name)])];
}
