import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Observation, ObservationComponent, Quantity } from '@medplum/fhirtypes';
import { readings } from '../../db/schema/index.ts';
import { defineList } from '../../resources/list.ts';
import {
  DIASTOLIC,
  OBSERVATION_CATEGORY,
  SYSTOLIC,
  UCUM,
  VigilSystem,
  kindsOfToken,
  observationCodes,
  observationKindOf,
  type ObservationKind,
} from './codes.ts';
import { epoch, fhirListQuery, updatedFilters, type FhirKind } from './kind.ts';
import { patientParam } from './members.ts';
import { badRequest } from './outcome.ts';
import { rangeOf, token } from './search.ts';
import { instant } from './time.ts';

export type ObservationRow = {
  id: number;
  memberId: number | null;
  deviceId: number;
  kind: number;
  value: number | null;
  value2: number | null;
  data: Record<string, unknown> | null;
  remark: string | null;
  occurTime: number;
  updatedAt: number;
};

const lastPhysiologicalKind = 16;

/**
 * Readings that are Observations: the physiological kinds, and a sleep sensor's bed reading when it
 * carries a breathing rate. Readings of no member (a device not yet bound) are nobody's Observation.
 */
const observationReadings = and(
  isNotNull(readings.memberId),
  or(
    lte(readings.kind, lastPhysiologicalKind),
    and(
      eq(readings.kind, observationCodes.respiratoryRate.storage),
      sql`${readings.data}->>'breath_rate' is not null`,
    ),
  ),
);

const observationList = defineList({
  table: readings,
  wire: {
    id: readings.id,
    memberId: readings.memberId,
    deviceId: readings.deviceId,
    kind: readings.kind,
    value: readings.value,
    value2: readings.value2,
    data: readings.data,
    remark: readings.remark,
    occurTime: epoch(readings.occurTime),
    updatedAt: epoch(readings.updatedAt),
  },
  listQuery: fhirListQuery,
  scope: { org: readings.orgId, area: readings.areaId, grant: 'members' },
  restrict: () => observationReadings,
  filters: {
    user_id: (v: number) => eq(readings.memberId, v),
    record_id: (v: number) => eq(readings.id, v),
    kinds: (v: number[]) => inArray(readings.kind, v),
    ...updatedFilters(readings.updatedAt),
  },
  dateColumn: readings.occurTime,
  orderColumns: { date: readings.occurTime },
});

const quantity = (value: number, unit: { unit: string; code: string }): Quantity => ({
  value,
  unit: unit.unit,
  system: UCUM,
  code: unit.code,
});
const component = (
  code: string,
  display: string,
  value: Omit<ObservationComponent, 'code'>,
): ObservationComponent => ({
  ...value,
  code: { coding: [{ system: VigilSystem.component, code, display }], text: display },
});
const minutes = { unit: 'min', code: 'min' };

/** What a kind carries beyond its value, as components (docs/fhir.md "Observation"). */
function componentsOf(kind: ObservationKind, r: ObservationRow): ObservationComponent[] | undefined {
  const data = r.data ?? {};
  const num = (key: string) => (typeof data[key] === 'number' ? (data[key] as number) : undefined);
  switch (kind) {
    case 'bloodPressure':
      return [
        {
          code: { coding: [SYSTOLIC], text: 'Systolic' },
          valueQuantity: quantity(r.value ?? 0, observationCodes.bloodPressure.unit!),
        },
        {
          code: { coding: [DIASTOLIC], text: 'Diastolic' },
          valueQuantity: quantity(r.value2 ?? 0, observationCodes.bloodPressure.unit!),
        },
      ];
    case 'bloodSugar': {
      const segment = num('segment');
      return segment === undefined
        ? undefined
        : [
            component('segment', 'Meal segment', {
              valueCodeableConcept: {
                coding: [{ system: VigilSystem.bloodSugarSegment, code: String(segment) }],
              },
            }),
          ];
    }
    case 'ecg': {
      const findings = Array.isArray(data.findings) ? (data.findings as string[]) : [];
      return [
        component('ecg-status', 'ECG status', {
          valueCodeableConcept: { coding: [{ system: VigilSystem.ecgStatus, code: String(r.value2 ?? 0) }] },
        }),
        ...findings.map((f) => component('ecg-finding', 'ECG finding', { valueString: f })),
      ];
    }
    case 'sleep': {
      const stages = (data.data ?? null) as Record<string, number | null | undefined> | null;
      if (!stages) return undefined;
      return (['awake', 'light', 'deep', 'REM'] as const)
        .filter((stage) => typeof stages[stage] === 'number')
        .map((stage) =>
          component(`sleep-${stage.toLowerCase()}`, `Sleep ${stage}`, {
            valueQuantity: quantity(stages[stage]!, minutes),
          }),
        );
    }
    case 'activity':
    case 'sports':
    case 'heartVessel': {
      const keys = { activity: ['distance', 'kcal'], sports: ['minutes', 'sport'], heartVessel: ['result'] }[
        kind
      ];
      const parts = keys
        .filter((k) => num(k) !== undefined)
        .map((k) => component(`${kind}-${k}`, `${kind} ${k}`, { valueQuantity: { value: num(k) } }));
      return parts.length ? parts : undefined;
    }
    default:
      return undefined;
  }
}

/** The reading's value: breathing rate of a bed reading, none for the blood pressure panel (its components hold it). */
function valueOf(kind: ObservationKind, r: ObservationRow): number | null {
  if (kind === 'respiratoryRate') return typeof r.data?.breath_rate === 'number' ? r.data.breath_rate : null;
  if (kind === 'bloodPressure') return null;
  return r.value;
}

export function toObservation(r: ObservationRow): Observation {
  const kind = observationKindOf.get(r.kind)!;
  const code = observationCodes[kind];
  const value = valueOf(kind, r);
  const components = componentsOf(kind, r);
  const sleepEnd = kind === 'sleep' && typeof r.data?.end_time === 'number' ? r.data.end_time : undefined;
  return {
    resourceType: 'Observation',
    id: String(r.id),
    meta: { lastUpdated: instant(r.updatedAt), ...(code.profile ? { profile: [code.profile] } : {}) },
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: code.category }] }],
    code: { coding: code.coding, text: code.text },
    subject: { reference: `Patient/${r.memberId}` },
    ...(sleepEnd === undefined
      ? { effectiveDateTime: instant(r.occurTime) }
      : { effectivePeriod: { start: instant(r.occurTime), end: instant(sleepEnd) } }),
    ...(value !== null && code.unit ? { valueQuantity: quantity(value, code.unit) } : {}),
    ...(value === null && kind !== 'bloodPressure'
      ? {
          dataAbsentReason: {
            coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'unknown' }],
          },
        }
      : {}),
    ...(components ? { component: components } : {}),
    device: { reference: `Device/${r.deviceId}` },
    ...(r.remark ? { note: [{ text: r.remark }] } : {}),
  };
}

export const observationKind: FhirKind<ObservationRow> = {
  type: 'Observation',
  list: observationList as FhirKind<ObservationRow>['list'],
  params: ['patient', 'subject', 'code', 'date'],
  sorts: { date: 'date', _id: 'id', _lastUpdated: 'updated_at' },
  async plan(db, p, params) {
    if (params.has('subject'))
      params.set(
        'patient',
        params.get('subject')!.map((v) => (v.startsWith('Patient/') ? v : `Patient/${v}`)),
      );
    const memberId = await patientParam(db, p, params);
    const range = rangeOf(params, 'date');
    const codes = params.get('code')?.[0];
    let kinds: number[] | undefined;
    if (codes !== undefined) {
      kinds = [];
      for (const value of codes.split(',')) {
        const { system, code } = token(value);
        const named = kindsOfToken(system, code);
        if (named === null)
          throw badRequest(
            `code: the code system '${system}' is not one this server uses (${'http://loinc.org'} or ${VigilSystem.readingKind})`,
            'code',
          );
        kinds.push(...named.map((k) => observationCodes[k].storage));
      }
      // A code no kind has matches nothing: an empty list, not every reading.
      if (kinds.length === 0) kinds = [-1];
    }
    return { memberId, query: { user_id: memberId, kinds, start_date: range?.from, end_date: range?.to } };
  },
  toResource: toObservation,
  memberOf: (r) => r.memberId,
  maxId: Number.MAX_SAFE_INTEGER,
};
