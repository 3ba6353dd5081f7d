import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { type DataSource, dataSourceLabelKey, physiologicalKindMeta, unitLabelKey } from '@vigil/contracts';
import { type Column, ServerTable } from '../../../components/server-table/ServerTable.tsx';
import { useListParams } from '../../../components/server-table/list-params.ts';
import { formatDate } from '../../../lib/format.ts';
import { isLocale } from '../../../lib/i18n.ts';
import { useVitalTablePage } from '../api.ts';
import type { BaseRow, CellContext, VitalKindConfig } from '../kinds/types.ts';
import { type VitalScope, defaultTableParams } from '../query.ts';
import { EcgWaveformDialog } from './EcgWaveformDialog.tsx';

/**
 * The table tab: SPEC §2 columns (data source, the kind's values, occurrence time), paged and
 * sorted by the server. The kit's edit and delete actions are hidden on reading pages (SPEC §2).
 */
export function VitalTablePanel({ config, scope, sources }: { config: VitalKindConfig<BaseRow>; scope: VitalScope; sources: DataSource[] | null }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  const [params, setParams] = useListParams(defaultTableParams(config));
  const page = useVitalTablePage(config, scope, sources, params);
  const [waveform, setWaveform] = useState<number | null>(null);
  const ctx: CellContext = { t, locale, unit: t(unitLabelKey[physiologicalKindMeta[config.kind].unit]) };
  const timeOf = config.timeOf;

  const columns: Column<BaseRow>[] = [
    {
      id: 'type',
      label: t('vitals.column.dataSource'),
      render: (r) => {
        const key = dataSourceLabelKey[r.type as DataSource];
        return key ? t(key) : String(r.type);
      },
    },
    ...config.columns.map((c) => ({ id: c.id, label: t(c.labelKey), sortable: c.sortable, render: (r: BaseRow) => c.render(r, ctx) })),
    {
      id: config.timeField,
      label: t(config.timeField === 'start_time' ? 'vitals.column.startTime' : 'vitals.column.occurTime'),
      sortable: true,
      render: (r) => formatDate(timeOf(r), locale, 'dateTime'),
    },
    ...(config.detail === 'ecgWaveform'
      ? [
          {
            id: 'waveform',
            label: t('vitals.ecg.waveform'),
            render: (r: BaseRow) => (
              <Button size="small" onClick={() => setWaveform(r.id)}>
                {t('vitals.ecg.view')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ServerTable
        label={t(`menu.${physiologicalKindMeta[config.kind].page}`)}
        columns={columns}
        data={page.data}
        loading={page.isFetching}
        params={params}
        onParamsChange={setParams}
        rowKey={(r) => r.id}
        fixedPageSize
        actions={{ edit: { onClick: () => undefined, hidden: true }, delete: { onClick: () => undefined, hidden: true } }}
      />
      {config.detail === 'ecgWaveform' && <EcgWaveformDialog id={waveform} onClose={() => setWaveform(null)} />}
    </>
  );
}
