import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { HEADSHOT_MAX_MB, HEADSHOT_TYPES, type Role, Resource, personalUpdateRequest, roleLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { useStore } from '../../../lib/store.ts';
import { usePersonal, useUpdatePersonal, useUploadHeadshot } from '../api.ts';
import { HeadshotAvatar } from '../components/HeadshotAvatar.tsx';
import { DeviceAlertsSection } from '../components/DeviceAlertsSection.tsx';
import { NotifySection } from '../components/NotifySection.tsx';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** SPEC §2 personal information: view and edit one's own profile and picture. */
export default function PersonalPage() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const { data, isPending } = usePersonal();
  const update = useUpdatePersonal();
  const upload = useUploadHeadshot();
  const canUpload = usePermission('POST', Resource.personalHead);
  const [editing, setEditing] = useState(false);
  const defaults = useMemo(() => ({ name: data?.name ?? '', phone: data?.phone ?? '', email: data?.email ?? '' }), [data]);
  const none = t('common.notSet');

  return (
    <Stack spacing={3}>
      <Typography variant="h1" component="h1">
        {t('page.personal')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {isPending || !data ? (
          <Stack spacing={1}>
            <Skeleton variant="circular" width={96} height={96} />
            <Skeleton width="60%" />
            <Skeleton width="40%" />
          </Stack>
        ) : (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
            <Stack spacing={1.5} sx={{ alignItems: { xs: 'flex-start', md: 'center' }, minWidth: 200 }}>
              <HeadshotAvatar name={data.name} headshot={data.headshot} size={96} />
              <Typography variant="subtitle2" component="p">
                {t('personal.headshot')}
              </Typography>
              <FileUpload
                extensions={HEADSHOT_TYPES}
                maxCount={1}
                maxSizeMB={HEADSHOT_MAX_MB}
                sizeMessageKey="validation.headshotSize"
                label={t('personal.changeHeadshot')}
                hint={t('personal.headshotHint')}
                disabled={!canUpload || upload.isPending}
                onFiles={([file]) => upload.mutate(file)}
              />
            </Stack>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 2 }}>
                <Typography variant="h2" component="h2">
                  {t('personal.details')}
                </Typography>
                <PermissionButton method="PUT" route={Resource.personal} variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                  {t('personal.edit')}
                </PermissionButton>
              </Stack>
              <Box component="dl" sx={{ m: 0 }}>
                <Row label={t('personal.account')} value={data.account} testId="personal-account" />
                <Row label={t('personal.name')} value={data.name} testId="personal-name" />
                <Row label={t('personal.org')} value={data.org_name} />
                <Row label={t('personal.area')} value={data.area_name ?? none} />
                <Row label={t('personal.role')} value={data.role in roleLabelKey ? t(roleLabelKey[data.role as Role]) : String(data.role)} />
                <Row label={t('personal.phone')} value={data.phone || none} testId="personal-phone" />
                <Row label={t('personal.email')} value={data.email || none} testId="personal-email" />
                <Row label={t('personal.createdAt')} value={formatDate(data.created_at, locale, 'dateTime')} />
                <Row label={t('personal.updatedAt')} value={formatDate(data.updated_at, locale, 'dateTime')} />
              </Box>
            </Box>
          </Stack>
        )}
      </Paper>
      <DeviceAlertsSection />
      <NotifySection />
      <FormDialog
        open={editing}
        title={t('personal.edit')}
        schema={personalUpdateRequest}
        defaultValues={defaults}
        permission={{ method: 'PUT', route: Resource.personal }}
        fields={[
          { name: 'name', label: t('personal.name'), required: true, autoComplete: 'name' },
          { name: 'phone', label: t('personal.phone'), type: 'tel', autoComplete: 'tel' },
          { name: 'email', label: t('personal.email'), type: 'email', autoComplete: 'email' },
        ]}
        onSubmit={(values) => update.mutateAsync(values)}
        onClose={() => setEditing(false)}
      />
    </Stack>
  );
}
