import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AVERAGE_DECIMALS, MISSING_VALUE_TEXT } from '@vigil/contracts';
import { summarize, summaryText } from '../../../components/charts/rules/summary.ts';

/** SPEC §2: average (one decimal), highest and lowest; '-' for what is missing. */
export function ReadingSummary({ values, unit }: { values: Iterable<number | null | undefined>; unit: string }) {
  const { t } = useTranslation();
  const s = summarize(values, AVERAGE_DECIMALS);
  const items = [
    ['average', s.average],
    ['highest', s.highest],
    ['lowest', s.lowest],
  ] as const;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1.5 }} data-testid="reading-summary">
      {items.map(([key, value]) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t(`vitals.summary.${key}`)}
          </Typography>
          <Typography variant="h3" component="p" data-testid={`summary-${key}`}>
            {summaryText(value, MISSING_VALUE_TEXT, (v) => (key === 'average' ? v.toFixed(AVERAGE_DECIMALS) : String(v)))}
            {value !== null && (
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
