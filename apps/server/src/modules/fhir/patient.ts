import { eq, or, sql } from 'drizzle-orm';
import type { Identifier, Patient } from '@medplum/fhirtypes';
import { Gender, INT4_MAX } from '@vigil/contracts';
import { members } from '../../db/schema/index.ts';
import { defineList } from '../../resources/list.ts';
import { memberScope } from '../members/member/rows.ts';
import { epoch, fhirListQuery, updatedFilters, type FhirKind, type FhirListQuery } from './kind.ts';
import { referenceId, token } from './search.ts';
import { fhirDate, instant } from './time.ts';

export type PatientRow = {
  id: number;
  orgId: number;
  name: string;
  gender: number | null;
  birthday: string | null;
  idNumber: string | null;
  phone: string | null;
  emergencyContact: string | null;
  emergencyPhone: string | null;
  enabled: boolean;
  removed: boolean;
  updatedAt: number;
};

const patientList = defineList({
  table: members,
  wire: {
    id: members.id,
    orgId: members.orgId,
    name: members.name,
    gender: members.gender,
    birthday: members.birthday,
    idNumber: members.idNumber,
    phone: members.phone,
    emergencyContact: members.emergencyContact,
    emergencyPhone: members.emergencyPhone,
    enabled: members.enabled,
    removed: sql<boolean>`${members.removedAt} is not null`,
    updatedAt: epoch(members.updatedAt),
  },
  listQuery: fhirListQuery,
  scope: memberScope,
  filters: {
    record_id: (v: number) => eq(members.id, v),
    org_id: (v: number) => eq(members.orgId, v),
    identifier: (v: string) => or(eq(members.idNumber, v), eq(sql`${members.id}::text`, v)),
    ...updatedFilters(members.updatedAt),
  },
  orderColumns: { date: members.updatedAt },
});

/** TW Core's profile of Patient, which these resources follow (docs/fhir.md "Patient"). */
export const TW_CORE_PATIENT = 'https://twcore.mohw.gov.tw/ig/twcore/StructureDefinition/Patient-twcore';
/** The Ministry of the Interior's system for the national identity card number, as TW Core names it. */
export const TW_NATIONAL_ID = 'http://www.moi.gov.tw';
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/** The organisation's own number for a member (Vigil's member id), a medical-record number in TW Core's terms. */
export const memberNumberSystem = (orgId: number) => `urn:vigil:fhir:org:${orgId}:member`;

function identifiers(r: PatientRow): Identifier[] {
  const out: Identifier[] = [];
  if (r.idNumber)
    out.push({
      use: 'official',
      type: { coding: [{ system: V2_0203, code: 'NI' }] },
      system: TW_NATIONAL_ID,
      value: r.idNumber,
    });
  out.push({
    use: 'usual',
    type: { coding: [{ system: V2_0203, code: 'MR' }] },
    system: memberNumberSystem(r.orgId),
    value: String(r.id),
  });
  return out;
}

export function toPatient(r: PatientRow): Patient {
  return {
    resourceType: 'Patient',
    id: String(r.id),
    meta: { lastUpdated: instant(r.updatedAt), profile: [TW_CORE_PATIENT] },
    identifier: identifiers(r),
    active: r.enabled && !r.removed,
    name: [{ use: 'official', text: r.name }],
    ...(r.phone ? { telecom: [{ system: 'phone', value: r.phone }] } : {}),
    gender: r.gender === Gender.female ? 'female' : r.gender === Gender.male ? 'male' : 'unknown',
    ...(r.birthday ? { birthDate: fhirDate(r.birthday) } : {}),
    ...(r.emergencyContact || r.emergencyPhone
      ? {
          contact: [
            {
              relationship: [
                {
                  coding: [
                    {
                      system: 'http://terminology.hl7.org/CodeSystem/v2-0131',
                      code: 'C',
                      display: 'Emergency Contact',
                    },
                  ],
                },
              ],
              ...(r.emergencyContact ? { name: { text: r.emergencyContact } } : {}),
              ...(r.emergencyPhone
                ? { telecom: [{ system: 'phone' as const, value: r.emergencyPhone }] }
                : {}),
            },
          ],
        }
      : {}),
    managingOrganization: { reference: `Organization/${r.orgId}` },
  };
}

export const patientKind: FhirKind<PatientRow> = {
  type: 'Patient',
  list: patientList as FhirKind<PatientRow>['list'],
  params: ['organization', 'identifier'],
  sorts: { _id: 'id', _lastUpdated: 'updated_at' },
  async plan(_db, _p, params) {
    const org = params.get('organization')?.[0];
    const identifier = params.get('identifier')?.[0];
    const query: Partial<FhirListQuery> = {};
    if (org !== undefined) query.org_id = referenceId(org, 'Organization', 'organization');
    // The national id (TW Core's system) or the member number; the value is matched whatever the system.
    if (identifier !== undefined) query.identifier = token(identifier).code;
    return { query };
  },
  toResource: toPatient,
  memberOf: (r) => r.id,
  maxId: INT4_MAX,
};
