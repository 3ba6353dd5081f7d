import type { ReactElement } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { HttpMethod } from '@vigil/contracts';
import { FormDialog, type FormFieldSpec } from '../form/FormDialog.tsx';
import { formFieldNames } from '../form/schema-fields.ts';

type AnySchema = z.ZodType<FieldValues, FieldValues>;

/**
 * One create, edit or action dialog: the contracts schema, its starting values, its fields and the
 * body it sends. The fields hold the contracts' own types (times as unix seconds, "not given" as
 * null), so an edit starts from its row as it came and the validated values are the body.
 */
export type DialogConfig<S extends AnySchema> = {
  schema: S;
  /** A create's starting values; with `row`, values that override the row's. */
  defaultValues?: DefaultValues<z.input<S>>;
  /** An edit's row: each field starts from the row's value of the same name (and only the fields are sent). */
  row?: object;
  fields: FormFieldSpec<z.input<S>>[];
  /** The request body; default the validated values as they are. */
  toBody?: (values: z.output<S>) => unknown;
  /** A wider dialog, for a field that draws (a body map). */
  wide?: boolean;
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

/** The row's values of the form's fields: a row carries more (its id, its names) than an update takes. */
function fromRow<S extends AnySchema>(row: object, schema: S, fields: FormFieldSpec<z.input<S>>[]) {
  const values = row as Record<string, unknown>;
  return Object.fromEntries(formFieldNames(schema, fields).map((name) => [name, values[name]])) as DefaultValues<z.input<S>>;
}

export function dialog<S extends AnySchema>(config: DialogConfig<S>): ResourceDialog {
  const toBody = config.toBody ?? ((values: z.output<S>) => values);
  const defaultValues = config.row ? { ...fromRow(config.row, config.schema, config.fields), ...config.defaultValues } : (config.defaultValues ?? {});
  return {
    render: (host) => (
      <FormDialog
        open
        title={host.title}
        schema={config.schema}
        defaultValues={defaultValues as DefaultValues<z.input<S>>}
        fields={config.fields}
        permission={host.permission}
        onClose={host.onClose}
        onSubmit={(values) => host.submit(toBody(values))}
        wide={config.wide}
      />
    ),
  };
}

/** Select choices from an `as const` enumeration and its label keys (contracts `labelledEnums`). */
export function enumOptions<V extends number>(values: readonly V[], labelKey: Record<V, string>, t: (key: string) => string) {
  return values.map((value) => ({ value, label: t(labelKey[value]) }));
}
