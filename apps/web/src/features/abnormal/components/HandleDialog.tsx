import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import SchoolIcon from '@mui/icons-material/School';
import { Page, type PageKey, Resource, handleAbnormalRequest } from '@vigil/contracts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { useNavigation } from '../../../lib/navigation.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession, hasPermission } from '../../../lib/session.ts';
import { abnormalKeys, fetchAbnormalDetail, handleAbnormal } from '../api.ts';
import { abnormalFeed } from '../feed.ts';
import { removeAbnormal } from '../store.ts';

const handleForm = handleAbnormalRequest.omit({ abnormal_id: true }).required({ no_action: true });

type Props = { abnormalId: number | null; onClose: () => void };

/** The care records an alert can lead to (docs/care.md "From alert to care"). */
const careFromAlert: { page: PageKey; label: string; icon: React.ReactElement }[] = [
  { page: 'reconsultation', label: 'abnormal.handle.recordFollowUp', icon: <LocalHospitalIcon /> },
  { page: 'educate', label: 'abnormal.handle.recordEducation', icon: <SchoolIcon /> },
];

/**
 * "From alert to care, in one step": a follow-up visit or an education for the alert's member,
 * opened in the member-care area with the form pre-filled with the member and the alert, so the
 * saved record links to it. Offered only for an alert about a member, to a user who may create it.
 */
function CareFromAlert({ abnormalId, onNavigate }: { abnormalId: number; onNavigate: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { pages } = useNavigation();
  const detail = useQuery({ queryKey: abnormalKeys.detail(abnormalId), queryFn: ({ signal }) => fetchAbnormalDetail(abnormalId, signal) });
  const member = detail.data?.source.user;
  const offered = careFromAlert.filter((c) => pages.has(c.page) && pages.has('member') && hasPermission(session, 'POST', Page[c.page].resource));
  if (!member || offered.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary">
        {t('abnormal.handle.careHint', { name: member.name })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {offered.map((c) => (
          <Button
            key={c.page}
            component={RouterLink}
            to={`/member/info/${member.id}/${c.page}?create=1&abnormal_id=${abnormalId}`}
            variant="outlined"
            startIcon={c.icon}
            onClick={onNavigate}
          >
            {t(c.label)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * Records a handling (content, remark, whether it needed no action). The server then announces `abnoramlHandle` to every staff
 * member in scope, which removes the alert from their feeds; this console removes it at once.
 */
export function HandleDialog({ abnormalId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const defaults = useMemo(() => ({ content: '', remark: '', no_action: false }), []);
  return (
    <FormDialog
      open={abnormalId !== null}
      title={t('abnormal.handle.title')}
      schema={handleForm}
      defaultValues={defaults}
      permission={{ method: 'POST', route: Resource.handleAbnormal }}
      submitLabel={t('abnormal.handle.submit')}
      fields={[
        { name: 'content', label: t('abnormal.handle.content'), required: true, multiline: true },
        { name: 'remark', label: t('abnormal.handle.remark'), multiline: true },
        // Counted on the alert-burden page: how many alerts needed nothing done.
        { name: 'no_action', label: t('abnormal.handle.noAction'), kind: 'checkbox' },
      ]}
      onClose={onClose}
      extra={abnormalId !== null && <CareFromAlert abnormalId={abnormalId} onNavigate={onClose} />}
      onSubmit={async (values) => {
        if (abnormalId === null) return;
        await handleAbnormal({ abnormal_id: abnormalId, content: values.content, remark: values.remark, no_action: values.no_action });
        abnormalFeed.set((s) => removeAbnormal(s, { id: abnormalId }));
        await queryClient.invalidateQueries({ queryKey: abnormalKeys.all });
        notifySuccess();
      }}
    />
  );
}
