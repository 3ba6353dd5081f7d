import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberPicker, useMemberName } from '../../vitals/index.ts';
import { useBreadcrumbName } from '../../../lib/breadcrumb-name.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { StandardsTab } from './StandardsTab.tsx';

/**
 * SPEC §2 member-care page `standerd`: one member's physiological standards, the same table as the
 * member detail's tab, reached from the sidebar with a member picker (`/standerd/{member_id}`).
 */
export default function StandardsPage() {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  const navigate = useNavigate();
  const raw = useParams()['*'];
  const memberId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  useBreadcrumbName(memberId, useMemberName(memberId));
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flex: '1 1 auto' }}>
          {t('menu.standerd')}
        </Typography>
        <MemberPicker value={memberId} onChange={(id) => navigate(`/standerd/${id}`)} />
      </Box>
      {memberId === null ? <Alert severity="info">{t('admin.standard.pickMember', { term })}</Alert> : <StandardsTab key={memberId} memberId={memberId} />}
    </Stack>
  );
}
