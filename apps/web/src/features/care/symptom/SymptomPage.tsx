import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import AlarmIcon from '@mui/icons-material/Alarm';
import {
  type CareSymptomRow,
  HandleState,
  PAIN_ALERT_ABOVE,
  Resource,
  SymptomFinding,
  bodyMainPartLabelKey,
  bodySmallPartLabelKey,
  bodyViewLabelKey,
  careSymptomResource,
  nowUnix,
  symptomFindingLabelKey,
  woundCategoryLabelKey,
  type SymptomSite,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { orDash, useResourceOptions } from '../../../components/resource/index.ts';
import { type CareListConfig, CareRecordList, useBuiltConfig, type CarePageProps } from '../records/CareRecordList.tsx';
import { timeColumn, when } from '../records/cells.tsx';
import type { MemberField } from '../records/member-picker.tsx';
import { symptomDialog } from './symptom-form.tsx';

const siteName = (t: TFunction, s: SymptomSite) =>
  t('careRecords.symptom.siteName', {
    part: t(s.small_part === null ? bodyMainPartLabelKey[s.main_part] : bodySmallPartLabelKey[s.small_part]),
    view: t(bodyViewLabelKey[s.view]),
  });

/** A pain score in numbers and words; above 3 (SPEC's alert) it is marked, not only coloured. */
function ScoreChip({ score }: { score: number | null }) {
  const { t } = useTranslation();
  if (score === null) return <>-</>;
  const alert = score > PAIN_ALERT_ABOVE;
  return (
    <Chip
      size="small"
      color={alert ? 'error' : 'default'}
      variant={alert ? 'filled' : 'outlined'}
      label={t(alert ? 'careRecords.symptom.scoreAlert' : 'careRecords.symptom.scoreOf', { score })}
    />
  );
}

/**
 * A member's sites with their intensity over time: one small chart per site (oldest left), each
 * with its values in a table a screen reader reads.
 */
function SymptomTrend({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const rows = useResourceOptions(careSymptomResource, { user_id: memberId, order_by: 'assessed_at', order: 'asc' });
  const series = useMemo(() => {
    const bySite = new Map<string, { name: string; points: { at: number; value: number }[] }>();
    for (const r of rows.data ?? []) {
      for (const s of r.sites) {
        if (s.finding !== SymptomFinding.pain || s.intensity === null) continue;
        const key = `${s.view}:${s.main_part}:${s.small_part}`;
        const entry = bySite.get(key) ?? { name: siteName(t, s), points: [] };
        entry.points.push({ at: r.assessed_at, value: s.intensity });
        bySite.set(key, entry);
      }
    }
    return [...bySite.values()];
  }, [rows.data, t]);
  if (!series.length) return null;
  const W = 240;
  const H = 80;
  // A 0–10 value's height in a chart, 0 at the foot.
  const yOf = (value: number) => H - 6 - (value / 10) * (H - 12);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="symptom-trend-title">
      <Typography id="symptom-trend-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('careRecords.symptom.trend')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {series.map((s) => {
          const from = s.points[0].at;
          const span = Math.max(1, s.points[s.points.length - 1].at - from);
          const xy = s.points.map((p) => [8 + ((p.at - from) / span) * (W - 16), yOf(p.value)] as const);
          return (
            <Box key={s.name}>
              <Typography variant="body2">{s.name}</Typography>
              <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} aria-hidden>
                <line x1="0" x2={W} y1={yOf(PAIN_ALERT_ABOVE)} y2={yOf(PAIN_ALERT_ABOVE)} stroke={theme.palette.warning.main} strokeDasharray="4 3" />
                <polyline points={xy.map(([x, y]) => `${x},${y}`).join(' ')} fill="none" stroke={theme.palette.primary.main} strokeWidth="2" />
                {xy.map(([x, y], i) => (
                  <circle key={i} cx={x} cy={y} r="3.5" fill={s.points[i].value > PAIN_ALERT_ABOVE ? theme.palette.error.main : theme.palette.primary.main} />
                ))}
              </svg>
              <Box component="table" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                <caption>{t('careRecords.symptom.trendOf', { site: s.name })}</caption>
                <tbody>
                  {s.points.map((p, i) => (
                    <tr key={i}>
                      <td>{when(p.at)}</td>
                      <td>{t('careRecords.symptom.scoreOf', { score: p.value })}</td>
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}

function symptomConfig(t: TFunction, member: MemberField): CareListConfig<CareSymptomRow> {
  return {
    page: 'symptom-manage',
    resource: careSymptomResource,
    handle: Resource.handleSymptom,
    touches: [Resource.abnormal],
    orderBy: 'assessed_at',
    labels: { create: t('careRecords.symptom.create') },
    columns: [
      timeColumn('assessed_at', t('careRecords.symptom.assessedAt')),
      { id: 'member_name', label: member.label },
      { id: 'score', label: t('careRecords.symptom.score'), sortable: true, render: (r) => <ScoreChip score={r.score} /> },
      {
        id: 'sites',
        label: t('careRecords.symptom.sites'),
        render: (r) => (
          <Stack spacing={0.25}>
            {r.sites.map((s, i) => (
              <Typography key={i} variant="body2">
                {s.finding === SymptomFinding.pain
                  ? t('careRecords.symptom.painSite', { site: siteName(t, s), intensity: s.intensity ?? '-', worst: s.worst ? t('careRecords.symptom.worstMark') : '' })
                  : t('careRecords.symptom.woundSite', {
                      site: siteName(t, s),
                      finding: t(symptomFindingLabelKey[s.finding]),
                      category: s.category === null ? '-' : t(woundCategoryLabelKey[s.category]),
                    })}
              </Typography>
            ))}
          </Stack>
        ),
      },
      {
        id: 'reassess_at',
        label: t('careRecords.symptom.reassess'),
        render: (r) =>
          r.reassess_at === null ? (
            '-'
          ) : r.state === HandleState.processed ? (
            t('careRecords.symptom.reassessed')
          ) : (
            <Chip
              size="small"
              color={r.reassess_at < nowUnix() ? 'error' : 'warning'}
              icon={<AlarmIcon aria-hidden />}
              label={t('careRecords.symptom.reassessBy', { time: when(r.reassess_at) })}
            />
          ),
      },
      { id: 'assessor_name', label: t('careRecords.symptom.assessor'), render: (r) => orDash(r.assessor_name) },
    ],
    create: (origin) => symptomDialog(t, member, origin.memberId),
    subHeader: (memberId) => memberId !== null && <SymptomTrend memberId={memberId} />,
  };
}

/** SPEC §2 `symptom-manage`: pain, wounds and pressure injuries on a body map (docs/care.md "Care records II"). */
export default function SymptomPage({ memberId, title }: CarePageProps = {}) {
  return <CareRecordList config={useBuiltConfig(symptomConfig)} memberId={memberId} title={title} />;
}
