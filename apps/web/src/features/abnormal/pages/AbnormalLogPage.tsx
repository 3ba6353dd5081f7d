import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type AbnormalListItem, Resource, nowUnix } from '@vigil/contracts';
import { FilterPanel } from '../../../components/resource/index.ts';
import { type Column, ServerTable } from '../../../components/server-table/ServerTable.tsx';
import { useListParams } from '../../../components/server-table/list-params.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useStore } from '../../../lib/store.ts';
import { abnormalKeys, fetchAbnormalPage } from '../api.ts';
import { AbnormalActionsHost } from '../components/AbnormalActionsHost.tsx';
import { LogFilters } from '../components/LogFilters.tsx';
import { ExportMenu } from '../../../components/ExportMenu.tsx';
import { categoryText, detailText, deviceText, placeText, typeText } from '../describe.ts';
import { PriorityBadge } from '../components/PriorityBadge.tsx';
import { type LogFilterState, type LogView, filtersToQuery, initialFilters } from '../filters.ts';
import { useFollowToggle } from '../useFollow.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';

const views: LogView[] = ['all', 'device', 'member'];

/** Names the log in each user's remembered columns and page size. */
const TABLE = 'abnormal-log';

/** Filters that narrow the log beyond its date range (the range is always set). */
const activeFilters = (f: LogFilterState) => [f.type, f.category, f.handled, f.areaId, f.memberId, f.deviceType].filter((v) => v !== -1).length;

/**
 * SPEC §2 abnormal log, with its device-abnormalities and member-abnormalities views: filters by
 * date range, type, category, handled state, area, member and device type; server paging and
 * sorting; export (CSV or Excel, made by the server) of every matching row in the user's language.
 */
export default function AbnormalLogPage({ memberId, title }: { memberId?: number; title?: string } = {}) {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const locale = useStore(localeStore);
  const [view, setView] = useState<LogView>('all');
  // The member filter lives in the address (`?user_id=`) so it survives a reload and can be shared;
  // under a member's page (`member/info/:id/abnormal-log`) the member is fixed.
  const [search, setSearch] = useSearchParams();
  const addressed = Number(search.get('user_id'));
  const [chosen, setChosen] = useState(() => ({ ...initialFilters(), memberId: Number.isInteger(addressed) && addressed > 0 ? addressed : -1 }));
  const filters = memberId === undefined ? chosen : { ...chosen, memberId };
  const setFilters = (next: LogFilterState) => {
    setChosen(next);
    if (memberId !== undefined || next.memberId === chosen.memberId) return;
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next.memberId === -1) params.delete('user_id');
        else params.set('user_id', String(next.memberId));
        return params;
      },
      { replace: true },
    );
  };
  const [params, setParams] = useListParams({ order: 'desc', order_by: 'occur_time' }, TABLE);
  const follow = useFollowToggle();
  const query = { ...filtersToQuery(filters, view), ...params };
  const { data, isFetching } = useQuery({
    queryKey: abnormalKeys.page(query),
    queryFn: ({ signal }) => fetchAbnormalPage(query, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <AbnormalActionsHost>
      {(actions) => {
        const columns: Column<AbnormalListItem>[] = [
          { id: 'occur_time', label: t('abnormal.field.occurTime'), sortable: true, nowrap: true, render: (r) => formatDate(r.occur_time, locale, 'dateTime') },
          {
            id: 'type',
            label: t('abnormal.field.type'),
            sortable: true,
            minWidth: 220,
            render: (r) => (
              <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                <PriorityBadge type={r.type} />
                <span>{typeText(t, r.type)}</span>
                {r.is_handle ? null : <Chip size="small" color="warning" label={t('abnormal.state.open')} />}
              </Stack>
            ),
          },
          // Chinese wraps between any two characters: widths keep names on one or two lines.
          { id: 'category', label: t('abnormal.field.category'), minWidth: 100, render: (r) => categoryText(t, r.category) },
          ...(view === 'device' ? [] : [{ id: 'member', label: memberLabel, render: (r: AbnormalListItem) => r.source.user?.name ?? '-' }]),
          { id: 'area', label: t('abnormal.field.area'), minWidth: 150, render: (r) => placeText(t, r) || '-' },
          ...(view === 'member' ? [] : [{ id: 'device', label: t('abnormal.field.device'), minWidth: 140, render: (r: AbnormalListItem) => deviceText(t, r) || '-' }]),
          { id: 'detail', label: t('abnormal.field.detail'), minWidth: 150, render: (r) => detailText(t, r) || '-' },
          {
            id: 'handle',
            label: t('abnormal.field.handledBy'),
            render: (r) => (r.handle ? `${r.handle.staff_name} · ${formatDate(r.handle.handle_time, locale, 'dateTime')}` : '-'),
          },
        ];
        return (
          <Stack spacing={2}>
            <Stack direction="row" alignItems="center" spacing={2}>
              <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
                {title ?? t(`abnormal.log.title.${view}`)}
              </Typography>
              <ExportMenu
                path={Resource.abnormal}
                query={{ ...filtersToQuery(filters, view), order: params.order, order_by: params.order_by }}
                fileName={`${t(`abnormal.log.file.${view}`)}-${formatDate(nowUnix(), locale)}`}
              />
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
            <FilterPanel active={activeFilters(filters)}>
              <LogFilters
                value={filters}
                view={view}
                onChange={(next) => {
                  setFilters(next);
                  setParams((p) => ({ ...p, page: 1 }));
                }}
              />
            </FilterPanel>
            <ServerTable
              label={t(`abnormal.log.title.${view}`)}
              name={TABLE}
              columns={columns}
              data={data}
              loading={isFetching}
              params={params}
              onParamsChange={setParams}
              rowKey={(r) => r.id}
              actions={{
                // Details and handling sit with the star in the pinned actions column.
                custom: [
                  { id: 'detail', label: t('abnormal.detail.open'), icon: <InfoOutlinedIcon fontSize="small" />, onClick: (r) => actions.showDetail(r.id) },
                  {
                    id: 'handle',
                    label: t('abnormal.handle.action'),
                    icon: <TaskAltIcon fontSize="small" />,
                    onClick: (r) => actions.handle(r.id),
                    permission: { method: 'POST', route: Resource.handleAbnormal },
                    hidden: (r) => r.is_handle,
                  },
                ],
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
