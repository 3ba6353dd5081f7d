import { eq } from 'drizzle-orm';
import { ValidationMessage, medicalRecordResource, toUnix, toUnixOrNull } from '@vigil/contracts';
import { medicalRecords } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { invalid } from '../../../http/errors.ts';
import { careScope, placeOnMember, memberRecordWire } from '../../care/care-common/record.ts';

const t = medicalRecords;

/**
 * /medical/records: a member's diagnoses with hospital, department, dates, medications and
 * attachments; each is reviewed by the care home through /handle/medical-record (docs/care.md).
 */
export const medicalRecordRoutes = defineResource({
  resource: medicalRecordResource,
  table: t,
  wire: memberRecordWire(t),
  scope: careScope(t),
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action === 'create') return { ...values, ...(await placeOnMember(tx, principal, values.memberId!)) };
    if (action === 'update' && before) {
      const start = values.diagnosedAt ? toUnix(values.diagnosedAt) : before.diagnosed_at;
      const end = values.endedAt !== undefined ? toUnixOrNull(values.endedAt) : before.ended_at;
      if (end !== null && end < start) throw invalid([{ field: 'ended_at', message: ValidationMessage.invalidInput }]);
    }
    return values;
  },
  search: { keyword: [t.diagnosis, t.hospital, t.doctor] },
  filters: { user_id: (v) => eq(t.memberId, v), state: (v) => eq(t.state, v) },
  dateColumn: t.diagnosedAt,
  history: { member: 'member_id' },
});
