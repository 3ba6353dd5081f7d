import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DataSource, Resource, ecgDetail, paginated, physiologicalKindMeta } from '@vigil/contracts';
import { z } from 'zod';
import type { ListParams } from '../../components/server-table/list-params.ts';
import { request } from '../../lib/http.ts';
import type { BaseRow, VitalKindConfig } from './kinds/types.ts';
import { type VitalScope, chartQuery, tableQuery } from './query.ts';

const scopeKey = (scope: VitalScope, sources: DataSource[] | null) =>
  [scope.memberId, sources?.join(',') ?? 'all', scope.range.start.unix(), scope.range.end.unix()] as const;

/** Every reading in the range, ascending, for the chart (SPEC §7 chart call). */
export function useVitalChartRows(config: VitalKindConfig<BaseRow>, scope: VitalScope | null, sources: DataSource[] | null, enabled = true) {
  return useQuery({
    queryKey: ['vitals', config.kind, 'chart', ...(scope ? scopeKey(scope, sources) : [])],
    enabled: enabled && scope !== null,
    queryFn: ({ signal }) =>
      request(physiologicalKindMeta[config.kind].resource, {
        query: chartQuery(config, scope!, sources),
        schema: paginated(config.schema),
        signal,
      }),
    select: (page) => page.list,
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

/** What the member picker reads of a member row. */
const memberOption = z.object({ id: z.number().int(), name: z.string() });
export type MemberOption = z.infer<typeof memberOption>;

export function useMemberOptions(keyword: string) {
  return useQuery({
    queryKey: ['vitals', 'members', keyword],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      request(Resource.user, {
        query: { keyword: keyword.trim() || undefined, page: 1, per_page: 20, order_by: 'id', order: 'asc' },
        schema: paginated(memberOption),
        signal,
      }),
    select: (page) => page.list,
  });
}
