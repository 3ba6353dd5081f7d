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
 * A form's fields: the page's own, then each field the schema describes that the page does not
 * declare, with the label of the user's language. A column added to a resource thus reaches its
 * dialogs from its contract alone (docs/architecture.md "Adding a column").
 */
export function withSchemaFields<V extends FieldValues>(schema: z.ZodType, fields: FormFieldSpec<V>[], locale: Locale): FormFieldSpec<V>[] {
  const declared = new Set<string>(fields.map((f) => f.name));
  const described = describedFields(schema)
    .filter(([name]) => !declared.has(name))
    .map(([name, field]): FormFieldSpec<V> => {
      const meta = fieldMeta.get(field)!;
      return {
        name: name as FormFieldSpec<V>['name'],
        label: meta.label[locale],
        type: meta.type,
        multiline: meta.multiline,
        required: !field.safeParse(undefined).success && !field.safeParse(null).success,
      };
    });
  return [...fields, ...described];
}

/** The names a form edits: the page's fields and those the schema describes (an edit starts from the row's values of these). */
export function formFieldNames(schema: z.ZodType, fields: readonly { name: string }[]): string[] {
  return [...new Set([...fields.map((f) => f.name), ...describedFields(schema).map(([name]) => name)])];
}
