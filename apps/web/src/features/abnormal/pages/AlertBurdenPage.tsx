import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker.tsx';
import { rangeToQuery, weekRange } from '../../../components/date-range/date-range-rules.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { abnormalKeys, fetchAlertBurden } from '../api.ts';

/** Days shown as columns at most; a longer range shows totals and the daily average only. */
const MAX_DAY_COLUMNS = 14;

/** "45 s", "3 min 20 s", "2 h 5 min": a response time a person reads at a glance. */
export function durationText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return t('abnormal.burden.seconds', { s: seconds });
  if (seconds < 3600) return t('abnormal.burden.minutes', { m: Math.floor(seconds / 60), s: seconds % 60 });
  return t('abnormal.burden.hours', { h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) });
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 200px', minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" fontWeight={600}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * The alert burden (docs/alert-rules.md "Alert burden"): whether the alerts are tuned so people
 * answer them. Alerts per member per day, how fast the first response came (acknowledged or
 * handled: median, 90th and 95th percentile), and the share of handled alerts that needed no
 * action — studies find most clinical alarms need none, and a high share here says which limits
 * to revisit.
 */
export default function AlertBurdenPage() {
  const { t, i18n } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const [range, setRange] = useState(weekRange);
  const query = { ...rangeToQuery(range), utc_offset: -new Date().getTimezoneOffset() };
  const { data, isFetching } = useQuery({
    queryKey: abnormalKeys.burden(query),
    queryFn: ({ signal }) => fetchAlertBurden(query, signal),
    placeholderData: keepPreviousData,
  });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const dayColumns = data && data.days.length <= MAX_DAY_COLUMNS ? data.days : [];
  const memberDays = data ? data.members.filter((m) => m.user_id !== null).length * data.days.length : 0;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('page.alert-burden')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('abnormal.burden.intro')}
      </Typography>
      <DateRangePicker value={range} onChange={setRange} />
      <Box sx={{ minHeight: 4 }}>{isFetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
      {data && (
        <>
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2}>
            <Figure testId="burden-total" label={t('abnormal.burden.total')} value={number.format(data.total)} />
            <Figure
              testId="burden-per-member-day"
              label={t('abnormal.burden.perMemberDay', { term: memberLabel })}
              value={memberDays ? number.format(data.members.filter((m) => m.user_id !== null).reduce((a, m) => a + m.total, 0) / memberDays) : '—'}
            />
            <Figure
              testId="burden-response"
              label={t('abnormal.burden.response')}
              value={durationText(t, data.response.p50)}
              hint={t('abnormal.burden.responseHint', {
                p90: durationText(t, data.response.p90),
                p95: durationText(t, data.response.p95),
                count: data.response.responded,
              })}
            />
            <Figure
              testId="burden-no-action"
              label={t('abnormal.burden.noAction')}
              value={data.no_action_share === null ? '—' : percent.format(data.no_action_share)}
              hint={t('abnormal.burden.noActionHint', { count: data.handled, none: data.no_action })}
            />
          </Stack>
          {data.members.length === 0 ? (
            <EmptyState text={t('abnormal.burden.empty')} />
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label={t('abnormal.burden.table', { term: memberLabel })}>
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col" sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}>
                      {memberLabel}
                    </TableCell>
                    <TableCell align="right">{t('abnormal.burden.total')}</TableCell>
                    <TableCell align="right">{t('abnormal.burden.perDay')}</TableCell>
                    {dayColumns.map((d) => (
                      <TableCell key={d} align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {d.slice(5)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.members.map((m) => (
                    <TableRow key={m.user_id ?? 'none'} data-testid="burden-member">
                      <TableCell component="th" scope="row" sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}>
                        {m.user_name ?? t('abnormal.burden.noMember')}
                      </TableCell>
                      <TableCell align="right">{number.format(m.total)}</TableCell>
                      <TableCell align="right">{number.format(m.per_day)}</TableCell>
                      {dayColumns.map((d) => {
                        const count = m.by_day.find((x) => x.day === d)?.count ?? 0;
                        return (
                          <TableCell key={d} align="right" sx={{ color: count ? undefined : 'text.disabled' }}>
                            {count}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </>
      )}
    </Stack>
  );
}
