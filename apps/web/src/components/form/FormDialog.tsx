import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { HttpMethod } from '@vigil/contracts';
import { hasPermission, useSession } from '../../lib/session.ts';
import { UploadsContext } from './FilesField.tsx';
import { FormField, type FormFieldSpec } from './FormField.tsx';
import { rangeErrorMap } from './range-errors.ts';
import { schemaResolver } from './schema-resolver.ts';
import { withSchemaFields } from './schema-fields.ts';
import { isLocale } from '../../lib/i18n.ts';
import { applyServerErrors } from './server-errors.ts';
import { takesNull } from './takes-null.ts';

export type { FieldKind, FieldOption, FormFieldSpec } from './FormField.tsx';
export type { FilesSpec } from './FilesField.tsx';

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
  /** A wider dialog, for a field that draws (a body map). */
  wide?: boolean;
};

/**
 * Create/edit dialog: react-hook-form with the contracts' zod rules, errors translated under each
 * field. Closing it (Escape, the backdrop, Cancel) with unsaved changes asks first; Save waits
 * for uploads under way.
 */
export function FormDialog<S extends z.ZodType<FieldValues, FieldValues>>(props: FormDialogProps<S>) {
  const { open, title, schema, defaultValues, fields, onSubmit, onClose, submitLabel, permission, extra, wide } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const shown = useMemo(() => withSchemaFields(schema, fields, isLocale(language) ? language : 'en'), [schema, fields, language]);
  const session = useSession();
  const allowed = !permission || hasPermission(session, permission.method, permission.route);
  // Rules without a message of their own (a number's bounds) still read as a sentence in the user's language.
  const resolver = useMemo(() => schemaResolver(schema, { error: rangeErrorMap(t) }), [schema, t]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver,
    defaultValues,
    mode: 'onTouched',
  });
  const { control, handleSubmit, reset, setError, formState } = form;
  // Read while rendering: react-hook-form only keeps the states a render subscribed to up to date.
  const { isDirty, isSubmitting } = formState;

  const [uploads, setUploads] = useState(0);
  const trackUpload = useCallback((delta: 1 | -1) => setUploads((n) => n + delta), []);
  const [confirmingClose, setConfirmingClose] = useState(false);

  // Each opening starts from the values given for it (a different row, or a fresh create). Pages
  // build their defaults anew on every render, so only different values reset the form: a page
  // re-rendering as a picker's options arrive must not wipe what the user already chose.
  const defaultsKey = JSON.stringify(defaultValues);
  useEffect(() => {
    if (open) reset(defaultValues);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the values, not the object's identity
  }, [open, defaultsKey, reset]);

  // A clean form closes at once; one the user has changed asks before its changes are lost.
  const requestClose = () => {
    if (isSubmitting) return;
    if (isDirty) setConfirmingClose(true);
    else onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      applyServerErrors(error, shown.map((f) => f.name), setError);
    }
  });

  return (
    <Dialog open={open} onClose={requestClose} fullWidth maxWidth={wide ? 'md' : 'sm'} aria-labelledby="form-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="form-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <UploadsContext.Provider value={trackUpload}>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              {shown.map((f, index) => (
                <FormField key={f.name} spec={f} control={control} autoFocus={index === 0} emptyIsNull={takesNull(schema, f.name)} />
              ))}
              {extra}
            </Stack>
          </UploadsContext.Provider>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={requestClose} disabled={isSubmitting} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting || uploads > 0 || !allowed}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {submitLabel ?? t('common.save')}
          </Button>
        </DialogActions>
      </form>
      <Dialog open={open && confirmingClose} onClose={() => setConfirmingClose(false)} maxWidth="xs" aria-labelledby="form-discard-title" aria-describedby="form-discard-text">
        <DialogTitle id="form-discard-title">{t('form.discardTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="form-discard-text">{t('form.discardMessage')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingClose(false)} autoFocus>
            {t('form.keepEditing')}
          </Button>
          <Button
            color="error"
            onClick={() => {
              setConfirmingClose(false);
              onClose();
            }}
          >
            {t('form.discard')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
