import type { Dayjs } from 'dayjs';
import { rangeToQuery, weekRange } from '../../components/date-range/date-range-rules.ts';
import type { AbnormalFilters } from './api.ts';

/** SPEC §2 pages of the abnormal log: everything, device abnormalities, member abnormalities. */
export type LogView = 'all' | 'device' | 'member';

/** Filter form state; -1 means unset, as in SPEC §3 queries. */
export type LogFilterState = {
  range: { start: Dayjs; end: Dayjs };
  type: number;
  category: number;
  handled: number;
  areaId: number;
  memberId: number;
  deviceType: number;
};

export function initialFilters(): LogFilterState {
  return { range: weekRange(), type: -1, category: -1, handled: -1, areaId: -1, memberId: -1, deviceType: -1 };
}

const set = (v: number) => (v === -1 ? undefined : v);

/** The query the filters send; the view narrows to alerts with a device or with a member. */
export function filtersToQuery(f: LogFilterState, view: LogView): AbnormalFilters {
  return {
    ...rangeToQuery(f.range),
    type: set(f.type),
    class: set(f.category),
    is_handle: set(f.handled),
    area_id: set(f.areaId),
    user_id: view === 'device' ? undefined : set(f.memberId),
    device_types: view === 'member' ? undefined : f.deviceType === -1 ? undefined : [f.deviceType],
  };
}
