import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_HISTORY, type PasswordChangeRequest, Resource, passwordChangeRequest } from '@vigil/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { usePermission } from '../../../lib/session.ts';
import { passwordFields, useChangePassword } from '../api.ts';
import { SubmitButton } from '../../../components/form/SubmitButton.tsx';

const empty: PasswordChangeRequest = { old_password: '', new_password: '', confirm_password: '' };

/** SPEC §2 pass-modify: current password, new password and its confirmation (contracts' rules). */
export default function PassModifyPage() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const allowed = usePermission('PUT', Resource.personalPassword);
  const { control, handleSubmit, reset, setError, formState } = useForm<PasswordChangeRequest>({
    resolver: schemaResolver(passwordChangeRequest),
    defaultValues: empty,
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset(empty);
    } catch (error) {
      applyServerErrors(error, passwordFields, setError);
    }
  });

  return (
    <Stack spacing={3}>
      <Typography variant="h1" component="h1">
        {t('page.pass-modify')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 520 }}>
        <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-label={t('page.pass-modify')}>
          <Typography color="text.secondary">{t('password.intro', { count: PASSWORD_HISTORY })}</Typography>
          <FormTextField name="old_password" control={control} type="password" label={t('password.old')} autoComplete="current-password" required />
          <FormTextField
            name="new_password"
            control={control}
            type="password"
            label={t('password.new')}
            autoComplete="new-password"
            helperText={t('validation.newPasswordRule')}
            required
          />
          <FormTextField name="confirm_password" control={control} type="password" label={t('password.confirm')} autoComplete="new-password" required />
          <SubmitButton busy={formState.isSubmitting} disabled={!allowed}>
            {t('password.submit')}
          </SubmitButton>
        </Stack>
      </Paper>
    </Stack>
  );
}
