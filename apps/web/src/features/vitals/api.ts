import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type DataSource,
  type MemberRow,
  Resource,
  ecgDetail,
  memberDetail,
  memberRow,
  paginated,
  physiologicChart,
  physiologicalKindMeta,
  standardList,
} from '@vigil/contracts';
import type { ListParams } from '../../components/server-table/list-params.ts';
import { request } from '../../lib/http.ts';
import { usePermission } from '../../lib/session.ts';
import { type ResolvedStandards, defaultStandardSet, standardsFromRows } from './kinds/thresholds.ts';
import type { BaseRow, VitalKindConfig } from './kinds/types.ts';
import { type VitalScope, chartQuery, liveRefreshFor, pointsQuery, tableQuery } from './query.ts';

const scopeKey = (scope: VitalScope, sources: DataSource[] | null) =>
  [scope.memberId, sources?.join(',') ?? 'all', scope.range.start.unix(), scope.range.end.unix()] as const;

/** Every reading in the range, ascending, for the chart (SPEC §7 chart call). */
export function useVitalChartRows(config: VitalKindConfig<BaseRow>, scope: VitalScope | null, sources: DataSource[] | null, enabled = true) {
  return useQuery({
    queryKey: ['vitals', config.kind, 'chart', ...(scope ? scopeKey(scope, sources) : [])],
    enabled: enabled && scope !== null,
    refetchInterval: liveRefreshFor(scope),
    queryFn: ({ signal }) =>
      request(physiologicalKindMeta[config.kind].resource, {
        query: chartQuery(config, scope!, sources),
        schema: paginated(config.schema),
        signal,
      }),
    select: (page) => page.list,
  });
}

/**
 * A one-value kind's chart (`physiologicalKindMeta[kind].chart`): the server applies SPEC §9's
 * rules and keeps each pixel column's lowest and highest reading, so three months of one-minute
 * heart rate arrive as a few thousand points, with the summary of every reading (docs/charts.md).
 */
export function useVitalChartPoints(
  config: VitalKindConfig<BaseRow>,
  scope: VitalScope | null,
  sources: DataSource[] | null,
  enabled = true,
) {
  return useQuery({
    queryKey: ['vitals', config.kind, 'points', ...(scope ? scopeKey(scope, sources) : [])],
    enabled: enabled && scope !== null,
    refetchInterval: liveRefreshFor(scope),
    queryFn: ({ signal }) =>
      request(`${physiologicalKindMeta[config.kind].resource}/chart`, {
        query: pointsQuery(scope!, sources, config.gapSeconds),
        schema: physiologicChart,
        signal,
      }),
  });
}

/** One page of readings for the table (SPEC §7 table call). */
export function useVitalTablePage(
  config: VitalKindConfig<BaseRow>,
  scope: VitalScope | null,
  sources: DataSource[] | null,
  params: ListParams,
  enabled = true,
) {
  return useQuery({
    queryKey: ['vitals', config.kind, 'table', ...(scope ? scopeKey(scope, sources) : []), params],
    enabled: enabled && scope !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      request(physiologicalKindMeta[config.kind].resource, {
        query: tableQuery(scope!, sources, params),
        schema: paginated(config.schema),
        signal,
      }),
  });
}

/** An ECG with its trace (samples in mV at sample_rate Hz). */
export function useEcgDetail(id: number | null) {
  return useQuery({
    queryKey: ['vitals', 'ecg', 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => request(`${Resource.ecg}/${id}`, { schema: ecgDetail, signal }),
  });
}

export type MemberOption = MemberRow;

/** Members for the picker: GET /user rows, checked against the contracts' member row (SPEC §5). */
export function useMemberOptions(keyword: string) {
  return useQuery({
    queryKey: ['vitals', 'members', keyword],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      request(Resource.user, {
        query: { keyword: keyword.trim() || undefined, page: 1, per_page: 20, order_by: 'id', order: 'asc' },
        schema: paginated(memberRow),
        signal,
      }),
    select: (page) => page.list,
  });
}

/** GET /user/{id} and GET /user/standard/{id} share the member detail pair (docs/admin-api.md). */
const standardsPermission = { method: 'GET', route: `${Resource.user}/{id}` } as const;

export interface MemberStandards extends ResolvedStandards {
  /** True until the lines are known: the chart waits rather than redraw with other lines. */
  pending: boolean;
}

/**
 * The member's standards for a kind whose lines follow them. SPEC §9's defaults stand in when
 * the kind has fixed lines (no call), when the reader lacks GETINFO on /user, or when the call
 * fails (silently: the chart still has its readings, only the lines fall back).
 */
export function useMemberStandards(config: VitalKindConfig<BaseRow>, memberId: number): MemberStandards {
  const allowed = usePermission(standardsPermission.method, standardsPermission.route);
  const enabled = allowed && config.thresholds.from === 'standards';
  const query = useQuery({
    queryKey: ['vitals', 'standards', memberId],
    enabled,
    staleTime: 60_000,
    retry: false,
    queryFn: ({ signal }) => request(`${Resource.user}/standard/${memberId}`, { schema: standardList, signal, silent: true }),
  });
  if (!enabled || query.isError) return { standards: defaultStandardSet, origin: 'default', pending: false };
  if (query.isPending) return { standards: defaultStandardSet, origin: 'default', pending: true };
  return { ...standardsFromRows(query.data.list), pending: false };
}

/**
 * The member's name for page headings, when the reader may open the member (GETINFO /user);
 * otherwise the heading keeps the id alone. Failures stay silent for the same reason.
 */
export function useMemberName(memberId: number | null): string | null {
  const allowed = usePermission(standardsPermission.method, standardsPermission.route);
  const query = useQuery({
    queryKey: ['vitals', 'member', memberId],
    enabled: allowed && memberId !== null,
    staleTime: 60_000,
    retry: false,
    queryFn: ({ signal }) => request(`${Resource.user}/${memberId}`, { schema: memberDetail, signal, silent: true }),
  });
  return query.data?.name ?? null;
}
