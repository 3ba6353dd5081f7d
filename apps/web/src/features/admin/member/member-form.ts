import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { Gender, MedicalState, type MemberRow, genderLabelKey, medicalStateLabelKey, memberCreate, memberStateChange, memberUpdate } from '@vigil/contracts';
import { dialog, enumOptions } from '../../../components/resource/index.ts';

type Option = { value: number; label: string };

const genders = Object.values(Gender);
export const medicalStates = Object.values(MedicalState);

function memberFields(t: TFunction, term: string, areas: Option[]) {
  return [
    { name: 'name' as const, label: t('admin.member.name', { term }), required: true },
    { name: 'gender' as const, label: t('admin.member.gender'), options: enumOptions(genders, genderLabelKey, t) },
    // A birthday is never in the future (the contracts rule); the picker offers no later day either.
    { name: 'birthday' as const, label: t('admin.member.birthday'), type: 'date' as const, max: dayjs().format('YYYY-MM-DD') },
    { name: 'id_number' as const, label: t('admin.member.idNumber') },
    { name: 'area_id' as const, label: t('admin.common.area'), options: areas },
    { name: 'room' as const, label: t('admin.member.room') },
    { name: 'bed' as const, label: t('admin.member.bed') },
    { name: 'phone' as const, label: t('admin.common.phone'), type: 'tel' as const },
    { name: 'emergency_contact' as const, label: t('admin.member.emergencyContact') },
    { name: 'emergency_phone' as const, label: t('admin.member.emergencyPhone'), type: 'tel' as const },
    { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
  ];
}

/** Empty optional texts are sent as null so "cleared" and "never set" read the same on the server. */
function nullIfEmpty<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? null : v])) as T;
}

export function memberCreateDialog(t: TFunction, term: string, areas: Option[]) {
  return dialog({
    schema: memberCreate,
    defaultValues: { name: '', birthday: null, id_number: '', room: '', bed: '', phone: '', emergency_contact: '', emergency_phone: '', remark: '' },
    fields: [
      ...memberFields(t, term, areas).slice(0, 5),
      { name: 'medical_state', label: t('admin.member.medicalState'), options: enumOptions(medicalStates, medicalStateLabelKey, t) },
      ...memberFields(t, term, areas).slice(5),
    ],
    toBody: nullIfEmpty,
  });
}

export function memberEditDialog(t: TFunction, term: string, areas: Option[], row: MemberRow) {
  return dialog({
    schema: memberUpdate,
    defaultValues: {
      name: row.name,
      gender: row.gender as Gender | null,
      birthday: row.birthday,
      id_number: row.id_number ?? '',
      area_id: row.area_id,
      room: row.room ?? '',
      bed: row.bed ?? '',
      phone: row.phone ?? '',
      emergency_contact: row.emergency_contact ?? '',
      emergency_phone: row.emergency_phone ?? '',
      remark: row.remark ?? '',
    },
    fields: memberFields(t, term, areas),
    toBody: nullIfEmpty,
  });
}

export function medicalStateDialog(t: TFunction, row: Pick<MemberRow, 'medical_state'>) {
  return dialog({
    schema: memberStateChange,
    defaultValues: { medical_state: row.medical_state as MedicalState, remark: '' },
    fields: [
      { name: 'medical_state', label: t('admin.member.medicalState'), required: true, options: enumOptions(medicalStates, medicalStateLabelKey, t) },
      { name: 'remark', label: t('admin.common.remark'), multiline: true },
    ],
  });
}
