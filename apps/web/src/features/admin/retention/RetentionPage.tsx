import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Resource, type RetentionDetail, type RetentionUpdate, retentionDetail, retentionUpdate } from '@vigil/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { translateError } from '../../../components/form/translate-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { request } from '../../../lib/http.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePermission } from '../../../lib/session.ts';
import type { Locale } from '@vigil/contracts/rules';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

const fields = ['raw_vitals_months', 'rollup_months'] as const;
const queryKey = ['retention'];

/**
 * The organisation's retention periods (docs/operations.md "Retention"): how many months raw
 * one-minute vitals and hourly rollups are kept, each at or above its floor; records are kept by law
 * and never removed automatically. The daily housekeeping job applies a change.
 */
export default function RetentionPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const allowed = usePermission('PUT', Resource.retention);
  const current = useQuery({ queryKey, queryFn: ({ signal }) => request(Resource.retention, { schema: retentionDetail, signal }) });
  const save = useMutation({
    mutationFn: (body: RetentionUpdate) => request(Resource.retention, { method: 'PUT', body, schema: retentionDetail, formFields: fields }),
    onSuccess: (data) => {
      client.setQueryData<RetentionDetail>(queryKey, data);
      notifySuccess();
    },
  });
  const { register, handleSubmit, reset, setError, formState } = useForm<RetentionUpdate>({ resolver: schemaResolver(retentionUpdate), mode: 'onTouched' });
  useEffect(() => {
    if (current.data) reset({ raw_vitals_months: current.data.raw_vitals_months, rollup_months: current.data.rollup_months });
  }, [current.data, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, fields, setError);
    }
  });

  const d = current.data;
  const locale = i18n.language as Locale;
  const field = (name: (typeof fields)[number], label: string) => {
    const error = formState.errors[name]?.message;
    // The input element, not MUI's wrapper, is what react-hook-form reads the value from.
    const { ref, ...input } = register(name, { valueAsNumber: true });
    return (
      <TextField
        {...input}
        inputRef={ref}
        type="number"
        label={label}
        required
        disabled={!allowed}
        slotProps={{ htmlInput: { min: d?.floors[name], step: 1, inputMode: 'numeric' } }}
        error={Boolean(error)}
        helperText={
          translateError(t, error) ??
          t('retention.limits', { floor: d?.floors[name], default: d?.defaults[name], cutoff: formatDate(name === 'raw_vitals_months' ? d?.raw_vitals_cutoff : d?.rollup_cutoff, locale) })
        }
        fullWidth
      />
    );
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h1" component="h1">
        {t('page.retention')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }}>
        {current.isError ? (
          <Alert severity="error">{t('retention.loadFailed')}</Alert>
        ) : !d ? (
          <CircularProgress aria-label={t('shell.loadingPage')} />
        ) : (
          <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-label={t('page.retention')}>
            <Typography color="text.secondary">{t('retention.intro')}</Typography>
            {field('raw_vitals_months', t('retention.rawVitals'))}
            {field('rollup_months', t('retention.rollups'))}
            <Alert severity="info">{t('retention.records')}</Alert>
            <Typography variant="body2" color="text.secondary">
              {d.customised && d.updated_at !== null ? t('retention.updated', { at: formatDate(d.updated_at, locale, 'dateTime') }) : t('retention.usingDefaults')}
            </Typography>
            <SubmitButton busy={formState.isSubmitting} disabled={!allowed}>
              {t('retention.save')}
            </SubmitButton>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
