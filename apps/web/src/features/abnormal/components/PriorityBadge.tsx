import Chip from '@mui/material/Chip';
import { keyframes } from '@mui/material/styles';
import ReportIcon from '@mui/icons-material/Report';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useTranslation } from 'react-i18next';
import { type AbnormalType, type AlertPriority, abnormalTypeLabelKey, abnormalTypePriority, alertPriorityLabelKey } from '@vigil/contracts';

const flash = keyframes`
  0%, 49% { opacity: 1; }
  50%, 100% { opacity: 0.35; }
`;

/**
 * IEC 60601-1-8 visual signals: high flashes at 2 Hz (inside 1.4–2.8 Hz), medium at 0.6 Hz
 * (inside 0.4–0.8 Hz), low is steady. The shape of the icon and the words carry the priority too,
 * so nobody has to tell red from yellow; with reduced motion asked for, nothing flashes.
 */
const look: Record<AlertPriority, { color: 'error' | 'warning' | 'info'; icon: React.ReactElement; period: string | null }> = {
  high: { color: 'error', icon: <ReportIcon />, period: '0.5s' },
  medium: { color: 'warning', icon: <WarningAmberIcon />, period: '1.667s' },
  low: { color: 'info', icon: <InfoOutlinedIcon />, period: null },
};

export function PriorityBadge({ type, live = false }: { type: number; live?: boolean }) {
  const { t } = useTranslation();
  const priority = abnormalTypePriority(type);
  const { color, icon, period } = look[priority];
  return (
    <Chip
      size="small"
      color={color}
      icon={icon}
      label={t(alertPriorityLabelKey[priority])}
      data-testid="alert-priority"
      data-priority={priority}
      sx={{
        fontWeight: 600,
        flexShrink: 0,
        ...(live && period
          ? {
              '& .MuiChip-icon': { animation: `${flash} ${period} steps(1, end) infinite` },
              '@media (prefers-reduced-motion: reduce)': { '& .MuiChip-icon': { animation: 'none' } },
            }
          : {}),
      }}
    />
  );
}

const screenReaderOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * An alert's type as a chip, for tables that list alerts (handling records): the priority's icon
 * and colour, the type's name as the words, and the priority named for screen readers and on hover.
 * It keeps to one line, so a long name does not stack a narrow column five lines deep.
 */
export function AlertTypeChip({ type }: { type: number }) {
  const { t } = useTranslation();
  const priority = abnormalTypePriority(type);
  const { color, icon } = look[priority];
  const name = t(abnormalTypeLabelKey[type as AbnormalType] ?? 'abnormal.unknownType');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      icon={icon}
      label={
        <>
          {name}
          <span style={screenReaderOnly}>{`, ${t(alertPriorityLabelKey[priority])}`}</span>
        </>
      }
      title={t(alertPriorityLabelKey[priority])}
      data-priority={priority}
      sx={{ maxWidth: '100%' }}
    />
  );
}
