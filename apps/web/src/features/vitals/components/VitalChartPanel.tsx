import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type DataSource, physiologicalKindMeta, unitLabelKey } from '@vigil/contracts';
import { TimeSeriesChart } from '../../../components/charts/TimeSeriesChart.tsx';
import { useMemberStandards, useVitalChartPoints, useVitalChartRows } from '../api.ts';
import { alignedPoints, buildVitalChart, vitalSeries } from '../chart-spec.ts';
import type { BaseRow, VitalKindConfig } from '../kinds/types.ts';
import type { VitalScope } from '../query.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';

export interface VitalChartPanelProps {
  config: VitalKindConfig<BaseRow>;
  scope: VitalScope;
  sources: DataSource[] | null;
}

const NO_DATA = { x: [], y: [] };

/**
 * The chart tab of a reading page: SPEC §9 rules, uPlot, and the kind's reference lines (SPEC's,
 * or the member's standards with a note saying whose). One-value line kinds ask the server for
 * prepared, decimated points (three months of one-minute heart rate is 130,000 readings); the
 * others fetch every reading of the range and apply the rules here.
 */
export function VitalChartPanel({ config, scope, sources }: VitalChartPanelProps) {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  const fromServer = physiologicalKindMeta[config.kind].chart && config.view === 'line';
  const rows = useVitalChartRows(config, scope, sources, !fromServer);
  const points = useVitalChartPoints(config, scope, sources, fromServer);
  const loaded = fromServer ? points : rows;
  const { standards, origin, pending: linesPending } = useMemberStandards(config, scope.memberId);
  // Readings wait for their lines, so the chart is drawn once with the right ones.
  const pending = loaded.isPending || linesPending;
  const data = useMemo(() => {
    if (pending) return NO_DATA;
    if (fromServer) return points.data ? alignedPoints(points.data.list) : NO_DATA;
    return vitalSeries(config, rows.data ?? []);
  }, [pending, fromServer, points.data, rows.data, config]);
  const unit = t(unitLabelKey[physiologicalKindMeta[config.kind].unit]);
  const from = scope.range.start.unix();
  const to = scope.range.end.unix();
  const built = useMemo(() => buildVitalChart({ config, data, standards, from, to, unit, t }), [config, data, standards, from, to, unit, t]);
  const title = t(`menu.${physiologicalKindMeta[config.kind].page}`);
  if (loaded.isError) return <Alert severity="error">{t('vitals.loadFailed')}</Alert>;
  const fromStandards = config.thresholds.from === 'standards' && built.spec.thresholds.length > 0;
  return (
    <Stack spacing={1}>
      <TimeSeriesChart
        spec={built.spec}
        data={built.data}
        title={title}
        emptyText={pending ? t('common.loading') : t('common.noData')}
        fileName={`${physiologicalKindMeta[config.kind].page}-${scope.memberId}-${scope.range.start.format('YYYYMMDD')}-${scope.range.end.format('YYYYMMDD')}`}
      />
      {fromStandards && !linesPending && (
        <Typography variant="caption" color="text.secondary" data-testid="threshold-source" data-origin={origin}>
          {t(origin === 'member' ? 'vitals.threshold.fromMember' : 'vitals.threshold.fromDefaults', { term })}
        </Typography>
      )}
    </Stack>
  );
}
