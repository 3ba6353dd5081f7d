import { z } from 'zod';
import {
  type AbnormalSnoozeRow,
  type AlertBurden,
  type AlertRoutingUpdate,
  type AlertRoutingView,
  alertRoutingView,
  type SnoozeAbnormalRequest,
  abnormalSnoozeRow,
  alertBurden,
  type AbnormalDetailView,
  type AbnormalListItem,
  type HandleAbnormalRequest,
  type Paginated,
  Resource,
  abnormalDetailView,
  abnormalListItem,
  paginated,
} from '@vigil/contracts';
import { type Query, request } from '../../lib/http.ts';

/** GET /abnormal answers a page; an unpaged query (per_page -1) may answer the bare list. */
const listOrPage = z.union([paginated(abnormalListItem), z.array(abnormalListItem)]);

export type AbnormalFilters = {
  start_date?: number;
  end_date?: number;
  is_handle?: number;
  type?: number;
  class?: number;
  area_id?: number;
  user_id?: number;
  device_types?: number[];
};

export type AbnormalPageQuery = AbnormalFilters & { page: number; per_page: number; order: 'asc' | 'desc'; order_by: string };

const toQuery = (q: AbnormalFilters & Partial<AbnormalPageQuery>): Query => ({ ...q });

export async function fetchAbnormalPage(q: AbnormalPageQuery, signal?: AbortSignal): Promise<Paginated<AbnormalListItem>> {
  const data = await request(Resource.abnormal, { query: toQuery(q), schema: listOrPage, signal });
  return Array.isArray(data) ? { current_page: 1, last_page: 1, list: data, per_page: data.length, total: data.length } : data;
}

/** Every row matching the filters (the feed's initial list, CSV export). */
export async function fetchAbnormalAll(q: AbnormalFilters, signal?: AbortSignal): Promise<AbnormalListItem[]> {
  const data = await request(Resource.abnormal, {
    query: toQuery({ ...q, per_page: -1, order: 'desc', order_by: 'occur_time' }),
    schema: listOrPage,
    signal,
  });
  return Array.isArray(data) ? data : data.list;
}

export function fetchAbnormalDetail(id: number, signal?: AbortSignal): Promise<AbnormalDetailView> {
  return request(`${Resource.abnormal}/${id}`, { schema: abnormalDetailView, signal });
}

export function handleAbnormal(body: HandleAbnormalRequest): Promise<unknown> {
  return request(Resource.handleAbnormal, { method: 'POST', body });
}

export function followAbnormal(id: number, isFollow: boolean): Promise<unknown> {
  return request(`${Resource.abnormal}/follow/${id}`, { method: 'PATCH', body: { is_follow: isFollow } });
}

/** POST /abnormal/acknowledge/{id}: silent for `minutes`, still open. */
export function acknowledgeAbnormal(id: number, minutes: number): Promise<AbnormalListItem> {
  return request(`${Resource.abnormal}/acknowledge/${id}`, { method: 'POST', body: { minutes }, schema: abnormalListItem });
}

export function fetchSnoozes(signal?: AbortSignal): Promise<AbnormalSnoozeRow[]> {
  return request(`${Resource.abnormal}/snooze`, { schema: z.array(abnormalSnoozeRow), signal });
}

export function snoozeAbnormal(body: SnoozeAbnormalRequest): Promise<AbnormalSnoozeRow> {
  return request(`${Resource.abnormal}/snooze`, { method: 'POST', body, schema: abnormalSnoozeRow });
}

export function endSnooze(id: number): Promise<unknown> {
  return request(`${Resource.abnormal}/snooze/${id}`, { method: 'DELETE' });
}

export function fetchAlertBurden(q: { start_date: number; end_date: number; area_id?: number; utc_offset: number }, signal?: AbortSignal): Promise<AlertBurden> {
  return request(Resource.abnormalBurden, { query: q, schema: alertBurden, signal });
}

export function fetchAlertRouting(signal?: AbortSignal): Promise<AlertRoutingView> {
  return request(Resource.abnormalRouting, { schema: alertRoutingView, signal });
}

export function saveAlertRouting(body: AlertRoutingUpdate): Promise<AlertRoutingView> {
  return request(Resource.abnormalRouting, { method: 'PUT', body, schema: alertRoutingView });
}

export const abnormalKeys = {
  all: ['abnormal'] as const,
  page: (q: AbnormalPageQuery) => ['abnormal', 'page', q] as const,
  detail: (id: number) => ['abnormal', 'detail', id] as const,
  burden: (q: object) => ['abnormal', 'burden', q] as const,
  routing: ['abnormal', 'routing'] as const,
};
