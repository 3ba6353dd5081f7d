import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import WatchIcon from '@mui/icons-material/Watch';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { RealtimeAbnormal } from '@vigil/contracts';
import { useAlertLinks } from '../links.ts';

const icons = { vital: <ShowChartIcon />, wearable: <WatchIcon />, handle: <AssignmentTurnedInOutlinedIcon /> };

/** Buttons from an alert to the member's chart of that reading, its handling, and the member's watch page. */
export function AlertLinks({ item, onNavigate }: { item: Pick<RealtimeAbnormal, 'type' | 'source'>; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const links = useAlertLinks(item);
  if (!links.length) return null;
  const name = item.source.user?.name ?? '';
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mt: 0.5 }}>
      {links.map((link) => {
        const page = link.kind === 'handle' ? t('abnormal.link.ecgHandle') : t(`menu.${link.page}`);
        return (
          <Button
            key={link.to}
            component={RouterLink}
            to={link.to}
            size="small"
            variant="text"
            startIcon={icons[link.kind]}
            aria-label={t('abnormal.link.label', { page, name })}
            onClick={onNavigate}
            data-testid={`alert-link-${link.kind}`}
            sx={{ py: 0 }}
          >
            {page}
          </Button>
        );
      })}
    </Stack>
  );
}
