import { useEffect } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { type DefaultValues, type FieldPath, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { HttpMethod } from '@vigil/contracts';
import { usePermission } from '../../lib/session.ts';
import { FormTextField } from './FormTextField.tsx';
import { schemaResolver } from './schema-resolver.ts';
import { applyServerErrors } from './server-errors.ts';

export type FormFieldSpec<V extends FieldValues> = {
  name: FieldPath<V>;
  label: string;
  type?: 'text' | 'password' | 'email' | 'tel' | 'number';
  autoComplete?: string;
  required?: boolean;
  multiline?: boolean;
  helperText?: string;
  /** Renders a select with these choices. */
  options?: { value: string | number; label: string }[];
};

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
};

/** Create/edit dialog: react-hook-form with the contracts' zod rules, errors translated under each field. */
export function FormDialog<S extends z.ZodType<FieldValues, FieldValues>>(props: FormDialogProps<S>) {
  const { open, title, schema, defaultValues, fields, onSubmit, onClose, submitLabel, permission } = props;
  const { t } = useTranslation();
  const allowed = usePermission(permission?.method ?? 'GET', permission?.route ?? '') || !permission;
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: schemaResolver(schema),
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
              <FormTextField
                key={f.name}
                name={f.name}
                control={control}
                label={f.label}
                type={f.options ? undefined : (f.type ?? 'text')}
                autoComplete={f.autoComplete}
                required={f.required}
                multiline={f.multiline}
                minRows={f.multiline ? 3 : undefined}
                helperText={f.helperText}
                autoFocus={index === 0}
                select={Boolean(f.options)}
              >
                {f.options?.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </FormTextField>
            ))}
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
