import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type DataSource, physiologicalKindMeta, unitLabelKey } from '@vigil/contracts';
import { TimeSeriesChart } from '../../../components/charts/TimeSeriesChart.tsx';
import { useMemberStandards, useVitalChartRows } from '../api.ts';
import { buildVitalChart } from '../chart-spec.ts';
import type { BaseRow, VitalKindConfig } from '../kinds/types.ts';
import { type VitalScope, gapFor } from '../query.ts';

export interface VitalChartPanelProps {
  config: VitalKindConfig<BaseRow>;
  scope: VitalScope;
  sources: DataSource[] | null;
}

const NO_ROWS: readonly BaseRow[] = [];

/**
 * The chart tab of a reading page: every reading of the range, SPEC §9 rules, uPlot, and the
 * kind's reference lines (SPEC's, or the member's standards with a note saying whose).
 */
export function VitalChartPanel({ config, scope, sources }: VitalChartPanelProps) {
  const { t } = useTranslation();
  const rows = useVitalChartRows(config, scope, sources);
  const { standards, origin, pending: linesPending } = useMemberStandards(config, scope.memberId);
  // Readings wait for their lines, so the chart is drawn once with the right ones.
  const pending = rows.isPending || linesPending;
  const list = pending ? NO_ROWS : (rows.data ?? NO_ROWS);
  const unit = t(unitLabelKey[physiologicalKindMeta[config.kind].unit]);
  const from = scope.range.start.unix();
  const to = scope.range.end.unix();
  const built = useMemo(
    () => buildVitalChart({ config, rows: list, standards, from, to, gapSeconds: gapFor(config.gapSeconds, sources), unit, t }),
    [config, list, standards, from, to, sources, unit, t],
  );
  const title = t(`menu.${physiologicalKindMeta[config.kind].page}`);
  if (rows.isError) return <Alert severity="error">{t('vitals.loadFailed')}</Alert>;
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
          {t(origin === 'member' ? 'vitals.threshold.fromMember' : 'vitals.threshold.fromDefaults')}
        </Typography>
      )}
    </Stack>
  );
}
