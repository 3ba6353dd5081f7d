import { labelKeys } from './label-key.ts';

/** SPEC §3: gender. */
export const Gender = { female: 0, male: 1 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const genderLabelKey = labelKeys('gender', Gender);

/** SPEC §3: a member's medical state (docs/glossary.md "Medical states"). */
export const MedicalState = {
  homeHealthcare: 0,
  atHome: 1,
  outdoors: 2,
  emergency: 3,
  hospitalized: 4,
  daycare: 5,
  homeHospice: 6,
  community: 7,
  nursingHome: 8,
  consultation: 9,
} as const;
export type MedicalState = (typeof MedicalState)[keyof typeof MedicalState];
export const medicalStateLabelKey = labelKeys('medicalState', MedicalState);

/** SPEC §3: member change-log status (the member change log, `/change/user`). */
export const MemberChangeStatus = {
  removed: 0,
  areaChanged: 1,
  statusChanged: 2,
  orgChanged: 3,
} as const;
export type MemberChangeStatus = (typeof MemberChangeStatus)[keyof typeof MemberChangeStatus];
export const memberChangeStatusLabelKey = labelKeys('memberChangeStatus', MemberChangeStatus);

/**
 * SPEC §3: "user change kind" — what changed on a console user (staff account) in the staff change
 * log (`/change/staff`): enabled/disabled, role, area.
 */
export const UserChangeKind = { enable: 0, role: 1, area: 2 } as const;
export type UserChangeKind = (typeof UserChangeKind)[keyof typeof UserChangeKind];
export const userChangeKindLabelKey = labelKeys('userChangeKind', UserChangeKind);
