import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '../connection.ts';

/**
 * Whether the figures beside it are live: the staff connection's state as a chip, green while
 * online. Every live view (home panels, alert feed, live devices, wall) shows the same one.
 */
export function LiveStatusChip({ size = 'small', testId }: { size?: 'small' | 'medium'; testId?: string }) {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  return (
    <Chip
      size={size}
      variant="outlined"
      color={status === 'online' ? 'success' : 'default'}
      label={t(`realtime.status.${status}`)}
      data-testid={testId}
    />
  );
}
