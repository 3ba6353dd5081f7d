import {
  type DataSource,
  type DeviceType,
  DeviceType as DeviceTypes,
  SamplingInterval,
  UNSET,
  dataSourcesFor,
} from '@vigil/contracts';
import type { DateRange } from '../../components/date-range/date-range-rules.ts';
import type { ListParams } from '../../components/server-table/list-params.ts';
import type { Query } from '../../lib/http.ts';
import type { BaseRow, VitalKindConfig } from './kinds/types.ts';

export interface VitalScope {
  memberId: number;
  /** The device type of the route, or null for readings of every source. */
  deviceType: DeviceType | null;
  range: DateRange;
}

/**
 * SPEC §7 `types`: the data sources of the route's device type (every sampling interval), or
 * unset (-1) for all sources; the wearable heart-rate helper narrows to one-minute readings.
 */
export function sourcesOf(deviceType: DeviceType | null, oneMinuteOnly = false): DataSource[] | null {
  if (deviceType === null) return null;
  return dataSourcesFor(deviceType, oneMinuteOnly ? SamplingInterval.oneMinute : undefined);
}

function scopeQuery(scope: VitalScope, sources: DataSource[] | null): Query {
  return {
    user_id: scope.memberId,
    types: sources && sources.length ? sources : UNSET,
    start_date: scope.range.start.unix(),
    end_date: scope.range.end.unix(),
  };
}

/** SPEC §7 chart call: unpaged (per_page -1), ascending by time. */
export function chartQuery(config: VitalKindConfig<BaseRow>, scope: VitalScope, sources: DataSource[] | null): Query {
  return { ...scopeQuery(scope, sources), order_by: config.timeField, order: 'asc', per_page: UNSET };
}

/** The chart endpoint's call (one-value kinds): the range and the gap rule; the width stays the server's default. */
export function pointsQuery(scope: VitalScope, sources: DataSource[] | null, gapSeconds: number): Query {
  return { ...scopeQuery(scope, sources), gap_seconds: gapSeconds };
}

/** A chart whose range reaches the present refreshes this often, so new readings appear while it is open. */
export const LIVE_REFRESH_MS = 60_000;

/** The chart's refresh interval: live for a range that has not ended yet, none for the past. */
export function liveRefreshFor(scope: VitalScope | null, now: number = Date.now()): number | false {
  return scope !== null && scope.range.end.valueOf() >= now ? LIVE_REFRESH_MS : false;
}

/** SPEC §7 table call: paged (15) and sorted as the table asks. */
export function tableQuery(scope: VitalScope, sources: DataSource[] | null, params: ListParams): Query {
  return { ...scopeQuery(scope, sources), page: params.page, per_page: params.per_page, order_by: params.order_by, order: params.order };
}

/** SPEC §7: tables open newest first. */
export function defaultTableParams(config: VitalKindConfig<BaseRow>): Partial<ListParams> {
  return { order_by: config.timeField, order: 'desc' };
}

/** Route params (SPEC §2): `/<page>[/<member id>[/<device type>]]`. */
export function parseVitalPath(splat: string | undefined): { memberId: number | null; deviceType: DeviceType | null } {
  const [member, device] = (splat ?? '').split('/').filter(Boolean);
  const memberId = member !== undefined && /^\d+$/.test(member) && Number(member) > 0 ? Number(member) : null;
  const deviceNumber = device !== undefined && /^\d+$/.test(device) ? Number(device) : null;
  const deviceType =
    memberId !== null && deviceNumber !== null && (Object.values(DeviceTypes) as number[]).includes(deviceNumber)
      ? (deviceNumber as DeviceType)
      : null;
  return { memberId, deviceType };
}
