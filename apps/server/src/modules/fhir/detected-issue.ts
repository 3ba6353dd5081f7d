import { eq, inArray, sql } from 'drizzle-orm';
import type { DetectedIssue } from '@medplum/fhirtypes';
import {
  AbnormalType,
  abnormalTypeMeta,
  type AbnormalHandle,
  type AbnormalType as AbnormalTypeCode,
  INT4_MAX,
} from '@vigil/contracts';
import { alertScope, handlesOf } from '../../alerts/items.ts';
import { abnormalEvents } from '../../db/schema/index.ts';
import { defineList } from '../../resources/list.ts';
import { VigilSystem } from './codes.ts';
import { epoch, fhirListQuery, updatedFilters, type FhirKind } from './kind.ts';
import { patientParam } from './members.ts';
import { badRequest } from './outcome.ts';
import { rangeOf, token } from './search.ts';
import { instant } from './time.ts';

type AlertRow = {
  id: number;
  memberId: number | null;
  deviceId: number | null;
  type: number;
  occurTime: number;
  detail: { value?: string | number; standard?: number; minute?: number } | null;
  isHandle: boolean;
  recovered: boolean;
  updatedAt: number;
};
export type AlertItem = AlertRow & { handles: AbnormalHandle[] };

const alertList = defineList({
  table: abnormalEvents,
  wire: {
    id: abnormalEvents.id,
    memberId: abnormalEvents.memberId,
    deviceId: abnormalEvents.deviceId,
    type: abnormalEvents.type,
    occurTime: epoch(abnormalEvents.occurTime),
    detail: abnormalEvents.detail,
    isHandle: abnormalEvents.isHandle,
    recovered: sql<boolean>`${abnormalEvents.recoveredAt} is not null`,
    updatedAt: epoch(abnormalEvents.updatedAt),
  },
  listQuery: fhirListQuery,
  scope: alertScope,
  filters: {
    record_id: (v: number) => eq(abnormalEvents.id, v),
    user_id: (v: number) => eq(abnormalEvents.memberId, v),
    kinds: (v: number[]) => inArray(abnormalEvents.type, v),
    ...updatedFilters(abnormalEvents.updatedAt),
  },
  dateColumn: abnormalEvents.occurTime,
  orderColumns: { date: abnormalEvents.occurTime },
  // Each alert's handlings, read once per page.
  toItems: async (db, rows: AlertRow[]) => {
    const handles = await handlesOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, handles: handles.get(r.id) ?? [] }));
  },
});

const typeName = new Map<number, string>(Object.entries(AbnormalType).map(([name, code]) => [code, name]));

function detailText(r: AlertRow): string | undefined {
  const d = r.detail;
  if (!d) return undefined;
  const parts = [
    d.value !== undefined ? `value ${d.value}` : '',
    d.standard !== undefined ? `standard ${d.standard}` : '',
    d.minute !== undefined ? `${d.minute} min` : '',
  ];
  return parts.filter(Boolean).join(', ') || undefined;
}

/**
 * An alert as a DetectedIssue (docs/fhir.md "Alerts"): open is `preliminary`, handled or recovered
 * is `final`; each handling is a mitigation with its text, time and the staff member who did it.
 */
export function toDetectedIssue(r: AlertItem): DetectedIssue {
  const meta = abnormalTypeMeta[r.type as AbnormalTypeCode];
  const detail = detailText(r);
  return {
    resourceType: 'DetectedIssue',
    id: String(r.id),
    meta: { lastUpdated: instant(r.updatedAt) },
    status: r.isHandle || r.recovered ? 'final' : 'preliminary',
    code: {
      coding: [{ system: VigilSystem.abnormalType, code: String(r.type), display: typeName.get(r.type) }],
    },
    severity: meta?.critical ? 'high' : 'moderate',
    ...(r.memberId !== null ? { patient: { reference: `Patient/${r.memberId}` } } : {}),
    identifiedDateTime: instant(r.occurTime),
    ...(r.deviceId !== null ? { author: { reference: `Device/${r.deviceId}` } } : {}),
    ...(detail ? { detail } : {}),
    ...(r.handles.length
      ? {
          mitigation: r.handles.map((h) => ({
            action: {
              coding: [{ system: VigilSystem.handling, code: h.no_action ? 'no-action' : 'handled' }],
              text: h.remark ? `${h.content} (${h.remark})` : h.content,
            },
            date: instant(h.handle_time),
            author: { display: h.staff_name },
          })),
        }
      : {}),
  };
}

export const detectedIssueKind: FhirKind<AlertItem> = {
  type: 'DetectedIssue',
  list: alertList as FhirKind<AlertItem>['list'],
  params: ['patient', 'code', 'identified'],
  sorts: { identified: 'date', _id: 'id', _lastUpdated: 'updated_at' },
  async plan(db, p, params) {
    const memberId = await patientParam(db, p, params);
    const range = rangeOf(params, 'identified');
    let kinds: number[] | undefined;
    const codes = params.get('code')?.[0];
    if (codes !== undefined) {
      const tokens = codes.split(',').map(token);
      if (tokens.some((t) => t.system !== undefined && t.system !== VigilSystem.abnormalType))
        throw badRequest(`code: alerts are coded in ${VigilSystem.abnormalType}`, 'code');
      // `system|` names every alert type; a code that is no type matches nothing.
      if (!tokens.some((t) => t.code === undefined))
        kinds = tokens.map((t) => (/^\d{1,3}$/.test(t.code!) ? Number(t.code) : -1));
    }
    return { memberId, query: { user_id: memberId, kinds, start_date: range?.from, end_date: range?.to } };
  },
  toResource: toDetectedIssue,
  memberOf: (r) => r.memberId,
  maxId: INT4_MAX,
};
