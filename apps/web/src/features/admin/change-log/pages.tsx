import { useMemo } from 'react';
import {
  MemberChangeStatus,
  UserChangeKind,
  memberChangeLogResource,
  memberChangeStatusLabelKey,
  staffChangeLogResource,
  userChangeKindLabelKey,
  type MemberChangeLogRow,
  type StaffChangeLogRow,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, enumOptions } from '../../../components/resource/index.ts';
import { useMemberTerm, useRoleFamily } from '../../../lib/member-term.ts';
import { ChangeLogPage } from './ChangeLogPage.tsx';

/** SPEC §2 staff change log (SPEC §3 user change kind: enable, role, area). */
export function StaffChangeLogPage() {
  const { t } = useTranslation();
  const subject = useMemo<Column<StaffChangeLogRow>>(() => ({ id: 'staff_name', label: t('page.staff'), render: (r) => `${r.staff_name} (${r.staff_account})` }), [t]);
  const kind = useMemo<Column<StaffChangeLogRow>>(
    () => ({ id: 'kind', label: t('admin.common.type'), render: (r) => t(userChangeKindLabelKey[r.kind as UserChangeKind] ?? '') }),
    [t],
  );
  return (
    <ChangeLogPage
      title={t('page.change-log-staff')}
      resource={staffChangeLogResource}
      subject={subject}
      kind={kind}
      kindOptions={enumOptions(Object.values(UserChangeKind), userChangeKindLabelKey, t)}
      keywordLabel={t('admin.staff.keyword')}
    />
  );
}

/** SPEC §2 member change log (SPEC §3 status: removed, area changed, status changed, organisation changed). */
export function MemberChangeLogPage() {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  const family = useRoleFamily();
  const subject = useMemo<Column<MemberChangeLogRow>>(() => ({ id: 'member_name', label: t('admin.member.name', { term }) }), [t, term]);
  const kind = useMemo<Column<MemberChangeLogRow>>(
    () => ({ id: 'status', label: t('admin.common.type'), render: (r) => t(memberChangeStatusLabelKey[r.status as MemberChangeStatus] ?? '') }),
    [t],
  );
  return (
    <ChangeLogPage
      title={t('menu.change-log-member', { context: family ?? undefined })}
      resource={memberChangeLogResource}
      subject={subject}
      kind={kind}
      kindOptions={enumOptions(Object.values(MemberChangeStatus), memberChangeStatusLabelKey, t)}
      keywordLabel={t('admin.member.name', { term })}
    />
  );
}
