import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type AbnormalListItem, Resource, nowUnix } from '@vigil/contracts';
import { type Column, ServerTable } from '../../../components/server-table/ServerTable.tsx';
import { useListParams } from '../../../components/server-table/list-params.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { usePermission } from '../../../lib/session.ts';
import { useStore } from '../../../lib/store.ts';
import { abnormalKeys, fetchAbnormalAll, fetchAbnormalPage } from '../api.ts';
import { AbnormalActionsHost } from '../components/AbnormalActionsHost.tsx';
import { LogFilters } from '../components/LogFilters.tsx';
import { abnormalCsv } from '../csv.ts';
import { downloadText } from '../../../lib/csv.ts';
import { categoryText, detailText, deviceText, placeText, typeText } from '../describe.ts';
import { PriorityBadge } from '../components/PriorityBadge.tsx';
import { type LogView, filtersToQuery, initialFilters } from '../filters.ts';
import { useFollowToggle } from '../useFollow.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';

const views: LogView[] = ['all', 'device', 'member'];

/**
 * SPEC §2 abnormal log, with its device-abnormalities and member-abnormalities views: filters by
 * date range, type, category, handled state, area, member and device type; server paging and
 * sorting; CSV export of every matching row in the user's language.
 */
export default function AbnormalLogPage() {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const locale = useStore(localeStore);
  const [view, setView] = useState<LogView>('all');
  const [filters, setFilters] = useState(initialFilters);
  const [params, setParams] = useListParams({ order: 'desc', order_by: 'occur_time' });
  const [exporting, setExporting] = useState(false);
  const follow = useFollowToggle();
  const canHandle = usePermission('POST', Resource.handleAbnormal);
  const query = { ...filtersToQuery(filters, view), ...params };
  const { data, isFetching } = useQuery({
    queryKey: abnormalKeys.page(query),
    queryFn: ({ signal }) => fetchAbnormalPage(query, signal),
    placeholderData: keepPreviousData,
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAbnormalAll(filtersToQuery(filters, view));
      downloadText(`${t(`abnormal.log.file.${view}`)}-${formatDate(nowUnix(), locale)}.csv`, abnormalCsv(rows, t, locale, memberLabel));
    } catch {
      notifyError('error.downloadFailed');
    } finally {
      setExporting(false);
    }
  };

  return (
    <AbnormalActionsHost>
      {(actions) => {
        const columns: Column<AbnormalListItem>[] = [
          { id: 'occur_time', label: t('abnormal.field.occurTime'), sortable: true, render: (r) => formatDate(r.occur_time, locale, 'dateTime') },
          {
            id: 'type',
            label: t('abnormal.field.type'),
            sortable: true,
            render: (r) => (
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <PriorityBadge type={r.type} />
                <span>{typeText(t, r.type)}</span>
                {r.is_handle ? null : <Chip size="small" color="warning" label={t('abnormal.state.open')} />}
              </Stack>
            ),
          },
          { id: 'category', label: t('abnormal.field.category'), render: (r) => categoryText(t, r.category) },
          ...(view === 'device' ? [] : [{ id: 'member', label: memberLabel, render: (r: AbnormalListItem) => r.source.user?.name ?? '-' }]),
          { id: 'area', label: t('abnormal.field.area'), render: (r) => placeText(t, r) || '-' },
          ...(view === 'member' ? [] : [{ id: 'device', label: t('abnormal.field.device'), render: (r: AbnormalListItem) => deviceText(t, r) || '-' }]),
          { id: 'detail', label: t('abnormal.field.detail'), render: (r) => detailText(t, r) || '-' },
          {
            id: 'handle',
            label: t('abnormal.field.handledBy'),
            render: (r) => (r.handle ? `${r.handle.staff_name} · ${formatDate(r.handle.handle_time, locale, 'dateTime')}` : '-'),
          },
          {
            id: 'open',
            label: '',
            align: 'right',
            render: (r) => (
              <Stack direction="row" justifyContent="flex-end">
                <Tooltip title={t('abnormal.detail.open')}>
                  <IconButton size="small" aria-label={t('abnormal.detail.open')} onClick={() => actions.showDetail(r.id)}>
                    <InfoOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                {!r.is_handle && (
                  <Tooltip title={t('abnormal.handle.action')}>
                    <span>
                      <IconButton size="small" aria-label={t('abnormal.handle.action')} disabled={!canHandle} onClick={() => actions.handle(r.id)}>
                        <TaskAltIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
              </Stack>
            ),
          },
        ];
        return (
          <Stack spacing={2}>
            <Stack direction="row" alignItems="center" spacing={2}>
              <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
                {t(`abnormal.log.title.${view}`)}
              </Typography>
              <Button startIcon={<DownloadIcon />} variant="outlined" disabled={exporting} onClick={() => void exportCsv()}>
                {t('abnormal.log.export')}
              </Button>
            </Stack>
            <Tabs
              value={view}
              onChange={(_e, v: LogView) => {
                setView(v);
                setParams((p) => ({ ...p, page: 1 }));
              }}
              aria-label={t('abnormal.log.views')}
            >
              {views.map((v) => (
                <Tab key={v} value={v} label={t(`abnormal.log.view.${v}`)} />
              ))}
            </Tabs>
            <LogFilters
              value={filters}
              view={view}
              onChange={(next) => {
                setFilters(next);
                setParams((p) => ({ ...p, page: 1 }));
              }}
            />
            <ServerTable
              label={t(`abnormal.log.title.${view}`)}
              columns={columns}
              data={data}
              loading={isFetching}
              params={params}
              onParamsChange={setParams}
              rowKey={(r) => r.id}
              actions={{
                follow: {
                  isOn: (r) => r.is_follow,
                  onToggle: (r) => follow.mutate(r),
                  permission: { method: 'PATCH', route: `${Resource.abnormal}/follow/{id}` },
                },
              }}
            />
          </Stack>
        );
      }}
    </AbnormalActionsHost>
  );
}
