import type { ReactElement } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { HttpMethod } from '@vigil/contracts';
import { FormDialog, type FormFieldSpec } from '../form/FormDialog.tsx';

type AnySchema = z.ZodType<FieldValues, FieldValues>;

/** One create, edit or action dialog: the contracts schema, its starting values, its fields and the body it sends. */
export type DialogConfig<S extends AnySchema> = {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  fields: FormFieldSpec<z.input<S>>[];
  /** The request body; default the validated values as they are. */
  toBody?: (values: z.output<S>) => unknown;
};

/** What the page that opens a form decides: its title, the call's permission pair, and where the body goes. */
export type FormHost = {
  title: string;
  permission?: { method: HttpMethod; route: string };
  /** Resolve to close; reject with the http client's ApiError -5 to mark the failing fields. */
  submit: (body: unknown) => Promise<unknown>;
  onClose: () => void;
};

/**
 * A form dialog checked against its schema where it is declared. The schema's type stays inside the
 * closure, so a list page can hold the dialogs of any resource without knowing their values' types.
 */
export type ResourceDialog = { readonly render: (host: FormHost) => ReactElement };

export function dialog<S extends AnySchema>(config: DialogConfig<S>): ResourceDialog {
  const toBody = config.toBody ?? ((values: z.output<S>) => values);
  return {
    render: (host) => (
      <FormDialog
        open
        title={host.title}
        schema={config.schema}
        defaultValues={config.defaultValues}
        fields={config.fields}
        permission={host.permission}
        onClose={host.onClose}
        onSubmit={(values) => host.submit(toBody(values))}
      />
    ),
  };
}

/** Select choices from an `as const` enumeration and its label keys (contracts `labelledEnums`). */
export function enumOptions<V extends number>(values: readonly V[], labelKey: Record<V, string>, t: (key: string) => string) {
  return values.map((value) => ({ value, label: t(labelKey[value]) }));
}
