import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { type DataSource, physiologicalKindMeta, unitLabelKey } from '@vigil/contracts';
import { TimeSeriesChart } from '../../../components/charts/TimeSeriesChart.tsx';
import { useVitalChartRows } from '../api.ts';
import { buildVitalChart } from '../chart-spec.ts';
import type { BaseRow, StandardSet, VitalKindConfig } from '../kinds/types.ts';
import { type VitalScope, gapFor } from '../query.ts';

export interface VitalChartPanelProps {
  config: VitalKindConfig<BaseRow>;
  scope: VitalScope;
  sources: DataSource[] | null;
  standards: StandardSet;
}

/** The chart tab of a reading page: every reading of the range, SPEC §9 rules, uPlot. */
export function VitalChartPanel({ config, scope, sources, standards }: VitalChartPanelProps) {
  const { t } = useTranslation();
  const rows = useVitalChartRows(config, scope, sources);
  const unit = t(unitLabelKey[physiologicalKindMeta[config.kind].unit]);
  const from = scope.range.start.unix();
  const to = scope.range.end.unix();
  const built = useMemo(
    () => buildVitalChart({ config, rows: rows.data ?? [], standards, from, to, gapSeconds: gapFor(config.gapSeconds, sources), unit, t }),
    [config, rows.data, standards, from, to, sources, unit, t],
  );
  const title = t(`menu.${physiologicalKindMeta[config.kind].page}`);
  if (rows.isError) return <Alert severity="error">{t('vitals.loadFailed')}</Alert>;
  return (
    <TimeSeriesChart
      spec={built.spec}
      data={built.data}
      title={title}
      emptyText={rows.isPending ? t('common.loading') : t('common.noData')}
      fileName={`${physiologicalKindMeta[config.kind].page}-${scope.memberId}-${scope.range.start.format('YYYYMMDD')}-${scope.range.end.format('YYYYMMDD')}`}
    />
  );
}
