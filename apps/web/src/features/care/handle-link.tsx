import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../lib/session.ts';

/**
 * "Handle what is due": a record page's way to its `<page>/handle` (narrowed to the member the list
 * is), shown to whoever may read that kind's due list (`GET /handle/<kind>`).
 */
export function CareHandleLink({ page, handleResource, memberId }: { page: string; handleResource: string; memberId?: number | null }) {
  const { t } = useTranslation();
  if (!usePermission('GET', handleResource)) return null;
  return (
    <Button component={RouterLink} to={`/${page}/handle${memberId ? `?user_id=${memberId}` : ''}`} variant="outlined" startIcon={<TaskAltIcon />}>
      {t('care.record.toHandle')}
    </Button>
  );
}
