import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { FormFieldSpec } from '../../../components/form/FormDialog.tsx';

type AnySchema = z.ZodType<FieldValues, FieldValues>;

/** One create or edit dialog: the contracts schema, its starting values, its fields and the body it sends. */
export type DialogConfig<S extends AnySchema = AnySchema> = {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  fields: FormFieldSpec<z.input<S>>[];
  /** The request body; default the validated values as they are. */
  toBody?: (values: z.output<S>) => unknown;
};

/**
 * Checks a dialog against its schema where it is written, then erases the schema type so pages of
 * different resources can hand their dialogs to one list page.
 */
export function dialog<S extends AnySchema>(config: DialogConfig<S>): DialogConfig {
  return config as unknown as DialogConfig;
}

/** Select choices from an `as const` enumeration and its label keys (contracts `labelledEnums`). */
export function enumOptions<V extends number>(values: readonly V[], labelKey: Record<V, string>, t: (key: string) => string) {
  return values.map((value) => ({ value, label: t(labelKey[value]) }));
}
