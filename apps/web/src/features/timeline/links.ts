import { CareHandleKind, type PageKey, PhysiologicalKind, Resource, physiologicalKindMeta, type TimelineEvent } from '@vigil/contracts';

/** The member-care page (`member/info/:id/<page>`) of each care record resource. */
export const carePageOfResource: Record<string, PageKey> = {
  [Resource.careHealth]: 'educate',
  [Resource.careFollowUp]: 'reconsultation',
  [Resource.careSchedule]: 'service-schedule',
  [Resource.carePackage]: 'package-record',
  [Resource.careSymptom]: 'symptom-manage',
  [Resource.careDiet]: 'diet-manage',
  [Resource.careStethoscope]: 'stethoscope',
  [Resource.careReport]: 'health-report',
  [Resource.medicalRecords]: 'medical-record',
  [Resource.opd]: 'opd',
};

/** The record page whose `/handle` handles each care handle kind. */
const handlePageOfKind: Record<string, PageKey> = {
  [CareHandleKind.health]: 'educate',
  [CareHandleKind.follow]: 'reconsultation',
  [CareHandleKind.schedule]: 'service-schedule',
  [CareHandleKind.packageMedicine]: 'package-record',
  [CareHandleKind.symptom]: 'symptom-manage',
  [CareHandleKind.diet]: 'diet-manage',
  [CareHandleKind.ecg]: 'ecg',
  [CareHandleKind.medicalRecord]: 'medical-record',
};

const vitalPageOfResource: Record<string, PageKey> = Object.fromEntries(Object.values(physiologicalKindMeta).map((m) => [m.resource, m.page]));

/** A reading kind code (0–16, SPEC §1 order) as its physiological kind. */
export const physiologicalKindOfCode = (code: number): PhysiologicalKind | undefined => Object.values(PhysiologicalKind)[code];

/** Where an event's record is shown: the page it needs (the user may lack it) and the address. */
export function eventLink(event: TimelineEvent, memberId: number): { page: PageKey; to: string } | null {
  const r = event.resource;
  if (r === Resource.abnormal) return { page: 'abnormal-log', to: `/member/info/${memberId}/abnormal-log` };
  if (carePageOfResource[r]) return { page: carePageOfResource[r], to: `/member/info/${memberId}/${carePageOfResource[r]}` };
  if (r.startsWith('/handle/')) {
    const page = handlePageOfKind[r.slice('/handle/'.length)];
    return page ? { page, to: `/${page}/handle?user_id=${memberId}` } : null;
  }
  if (vitalPageOfResource[r]) return { page: vitalPageOfResource[r], to: `/${vitalPageOfResource[r]}/${memberId}` };
  if (r === Resource.deliveryMedicine) return { page: 'medication-delivery', to: '/medication-delivery' };
  if (r === Resource.medicalUser) return { page: 'medical-state-log', to: '/medical-state-log' };
  if (r === Resource.changeUser) return { page: 'change-log-member', to: '/change-log-member' };
  if (r === '/user/standard') return { page: 'member', to: `/member/info/${memberId}?tab=standard` };
  if (r === Resource.deviceBind) return { page: 'member', to: `/member/info/${memberId}?tab=device` };
  if (r === Resource.handover) return { page: 'handover', to: '/handover' };
  return null;
}
