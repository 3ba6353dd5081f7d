import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type DateRange, type RangeLimit, normalizeRange, todayRange, weekRange } from './date-range-rules.ts';

type Props = {
  value: DateRange;
  onChange: (range: DateRange) => void;
  limit?: RangeLimit;
  /** Quick buttons; SPEC §2 pages show today and week. */
  quick?: ('today' | 'week')[];
  disabled?: boolean;
};

const ISO = 'YYYY-MM-DD';

/**
 * Start and end date with the quick buttons. Uses the browser's date inputs (keyboard accessible,
 * localised by the browser) and applies SPEC §5's rules to every edit before reporting it.
 */
export function DateRangePicker({ value, onChange, limit = 'threeMonths', quick = ['today', 'week'], disabled }: Props) {
  const { t } = useTranslation();
  const today = dayjs().format(ISO);
  const edit = (field: 'start' | 'end', text: string) => {
    const parsed = dayjs(text, ISO);
    if (!text || !parsed.isValid()) return;
    onChange(normalizeRange({ ...value, [field]: parsed }, limit));
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} role="group" aria-label={t('dateRange.label')} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        type="date"
        size="small"
        label={t('dateRange.start')}
        value={value.start.format(ISO)}
        onChange={(e) => edit('start', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        disabled={disabled}
      />
      <TextField
        type="date"
        size="small"
        label={t('dateRange.end')}
        value={value.end.format(ISO)}
        onChange={(e) => edit('end', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.start.format(ISO), max: today } }}
        disabled={disabled}
      />
      {quick.includes('today') && (
        <Button variant="outlined" onClick={() => onChange(todayRange())} disabled={disabled}>
          {t('dateRange.today')}
        </Button>
      )}
      {quick.includes('week') && (
        <Button variant="outlined" onClick={() => onChange(weekRange())} disabled={disabled}>
          {t('dateRange.week')}
        </Button>
      )}
    </Stack>
  );
}
