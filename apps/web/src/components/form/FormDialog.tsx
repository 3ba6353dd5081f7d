import { type ReactNode, useEffect, useMemo } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { HttpMethod } from '@vigil/contracts';
import { usePermission } from '../../lib/session.ts';
import { FormField, type FormFieldSpec } from './FormField.tsx';
import { rangeErrorMap } from './range-errors.ts';
import { schemaResolver } from './schema-resolver.ts';
import { applyServerErrors } from './server-errors.ts';

export type { FieldKind, FieldOption, FormFieldSpec } from './FormField.tsx';

export type FormDialogProps<S extends z.ZodType<FieldValues, FieldValues>> = {
  open: boolean;
  title: string;
  /** The contracts schema: its rules run on submit and its messages are i18n keys. */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  fields: FormFieldSpec<z.input<S>>[];
  /** Resolve to close the dialog; reject with an ApiError -5 to show the server's field errors. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  onClose: () => void;
  submitLabel?: string;
  /** SPEC §5: submitting is disabled when the user lacks the call. */
  permission?: { method: HttpMethod; route: string };
  /** Shown under the fields: other ways to go on from this dialog (an alert's "record education"). */
  extra?: ReactNode;
};

/** Create/edit dialog: react-hook-form with the contracts' zod rules, errors translated under each field. */
export function FormDialog<S extends z.ZodType<FieldValues, FieldValues>>(props: FormDialogProps<S>) {
  const { open, title, schema, defaultValues, fields, onSubmit, onClose, submitLabel, permission, extra } = props;
  const { t } = useTranslation();
  const allowed = usePermission(permission?.method ?? 'GET', permission?.route ?? '') || !permission;
  // Rules without a message of their own (a number's bounds) still read as a sentence in the user's language.
  const resolver = useMemo(() => schemaResolver(schema, { error: rangeErrorMap(t) }), [schema, t]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver,
    defaultValues,
    mode: 'onTouched',
  });
  const { control, handleSubmit, reset, setError, formState } = form;

  // Each opening starts from the values given for it (a different row, or a fresh create).
  useEffect(() => {
    if (open) reset(defaultValues);
  }, [open, defaultValues, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      applyServerErrors(error, fields.map((f) => f.name), setError);
    }
  });

  return (
    <Dialog open={open} onClose={formState.isSubmitting ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="form-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="form-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {fields.map((f, index) => (
              <FormField key={f.name} spec={f} control={control} autoFocus={index === 0} />
            ))}
            {extra}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={formState.isSubmitting} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting || !allowed}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {submitLabel ?? t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
