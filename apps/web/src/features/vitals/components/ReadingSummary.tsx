import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AVERAGE_DECIMALS, MISSING_VALUE_TEXT } from '@vigil/contracts';
import { type ReadingSummary as Summary, summaryText } from '@vigil/contracts/charts';

const NOTHING: Summary = { average: null, highest: null, lowest: null };

/**
 * SPEC §2: average (one decimal), highest and lowest; '-' for what is missing. While the
 * readings load the figures say so, since '-' would claim there are none.
 */
export function ReadingSummary({ summary, unit, pending = false }: { summary: Summary | undefined; unit: string; pending?: boolean }) {
  const { t } = useTranslation();
  const s = summary ?? NOTHING;
  const items = [
    ['average', s.average],
    ['highest', s.highest],
    ['lowest', s.lowest],
  ] as const;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1.5 }} data-testid="reading-summary" aria-busy={pending || undefined}>
      {items.map(([key, value]) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t(`vitals.summary.${key}`)}
          </Typography>
          <Typography variant="h3" component="p" data-testid={`summary-${key}`}>
            {pending ? (
              <Typography component="span" color="text.secondary">
                {t('common.loading')}
              </Typography>
            ) : (
              summaryText(value, MISSING_VALUE_TEXT, (v) => (key === 'average' ? v.toFixed(AVERAGE_DECIMALS) : String(v)))
            )}
            {!pending && value !== null && (
              <Typography component="span" variant="body2" color="text.secondary">
                {` ${unit}`}
              </Typography>
            )}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
