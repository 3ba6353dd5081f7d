import type { MemberRow } from '@vigil/contracts';

/** The member the tests file records for and open: Mei Chen, room 201A of the East wing. */
export const testMember: MemberRow = {
  id: 11,
  org_id: 1,
  org_name: 'Sunrise Home',
  area_id: 5,
  area_name: 'East wing',
  name: 'Mei Chen',
  gender: 1,
  birthday: '1940-03-02',
  id_number: null,
  phone: null,
  room: '201',
  bed: 'A',
  medical_state: 0,
  emergency_contact: null,
  emergency_phone: null,
  enable: true,
  is_follow: false,
  removed_at: null,
  remark: null,
  created_at: 1_767_225_600,
  updated_at: 1_767_225_600,
};
