import { useMemo } from 'react';
import Link from '@mui/material/Link';
import { type MemberRow, Resource, genderLabelKey, medicalStateLabelKey, memberResource, type Gender } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type Column, createdColumn, enumOptions, orDash, ResourcePage, useAreaOptions } from '../../../components/resource/index.ts';
import { actionPermission } from '../shared/action-permissions.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { MedicalStateButton } from './MedicalStateButton.tsx';
import { medicalStates, memberCreateDialog, memberEditDialog } from './member-form.ts';

/** SPEC §2 member list: search by name/keyword, area and medical state; create, edit, enable, follow. */
export function MemberListPage() {
  const { t } = useTranslation();
  const { term, terms } = useMemberTerm();
  const areas = useAreaOptions();
  const columns = useMemo<Column<MemberRow>[]>(
    () => [
      {
        id: 'name',
        label: t('admin.member.name', { term }),
        sortable: true,
        render: (r) => (
          <Link component={RouterLink} to={`/member/info/${r.id}`}>
            {r.name}
          </Link>
        ),
      },
      { id: 'gender', label: t('admin.member.gender'), render: (r) => (r.gender === null ? '-' : t(genderLabelKey[r.gender as Gender])) },
      { id: 'area_name', label: t('admin.common.area'), render: (r) => orDash(r.area_name) },
      { id: 'room', label: t('admin.member.roomBed'), sortable: true, render: (r) => [r.room, r.bed].filter(Boolean).join(' / ') || '-' },
      { id: 'medical_state', label: t('admin.member.medicalState'), sortable: true, render: (r) => <MedicalStateButton member={r} /> },
      createdColumn<MemberRow>(t),
    ],
    [t, term],
  );
  return (
    <ResourcePage
      title={terms}
      resource={memberResource}
      columns={columns}
      filters={[
        { name: 'name', label: t('admin.member.name', { term }), kind: 'text' },
        { name: 'keyword', label: t('admin.member.keyword'), kind: 'text' },
        { name: 'area_id', label: t('admin.common.area'), kind: 'select', options: areas },
        { name: 'state', label: t('admin.member.medicalState'), kind: 'select', options: enumOptions(medicalStates, medicalStateLabelKey, t) },
      ]}
      create={{ label: t('admin.member.create', { term }), dialog: memberCreateDialog(t, term, areas) }}
      edit={{ title: t('admin.member.edit', { term }), dialog: (r) => memberEditDialog(t, term, areas, r) }}
      enable={{ field: 'enable' }}
      follow={{ field: 'is_follow', permission: actionPermission.memberFollow }}
      touches={[Resource.changeUser]}
    />
  );
}
