import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type Gender, type MemberRow, Resource, genderLabelKey, memberResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useBreadcrumbName } from '../../../lib/breadcrumb-name.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { orDash, useAreaOptions, useResourceDetail, useSave } from '../../../components/resource/index.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { CareRecordLinks, useCareRecordPages } from './CareRecordLinks.tsx';
import { DeviceRecordTab } from './DeviceRecordTab.tsx';
import { MedicalStateButton } from './MedicalStateButton.tsx';
import { MemberReportButton } from './report/MemberReportButton.tsx';
import { memberEditDialog } from './member-form.ts';
import { StandardsTab } from './StandardsTab.tsx';
import { TimelineTab } from '../../timeline/index.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { FamilyTab } from './FamilyTab.tsx';

const tabs = ['basic', 'personal', 'standard', 'device', 'timeline', 'family'] as const;
/** The care records tab shows only when the user can open at least one of the member's care lists. */
type TabKey = (typeof tabs)[number] | 'care';

function Fields({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {rows.map(([label, value]) => (
        <Box
          key={label}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
            gap: { sm: 2 },
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function BasicData({ member }: { member: MemberRow }) {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  return (
    <Fields
      rows={[
        [t('admin.member.name', { term }), member.name],
        [t('admin.member.gender'), member.gender === null ? '-' : t(genderLabelKey[member.gender as Gender])],
        [t('admin.member.birthday'), orDash(member.birthday)],
        [t('admin.member.idNumber'), orDash(member.id_number)],
        [t('admin.common.area'), orDash(member.area_name)],
        [t('admin.member.roomBed'), [member.room, member.bed].filter(Boolean).join(' / ') || '-'],
        [t('admin.member.medicalState'), <MedicalStateButton key="state" member={member} />],
        [t('admin.common.state'), member.enable ? t('admin.common.enabled') : t('admin.common.disabled')],
      ]}
    />
  );
}

function PersonalInfo({ member }: { member: MemberRow }) {
  const { t } = useTranslation();
  return (
    <Fields
      rows={[
        [t('admin.common.org'), member.org_name],
        [t('admin.common.phone'), orDash(member.phone)],
        [t('admin.member.emergencyContact'), orDash(member.emergency_contact)],
        [t('admin.member.emergencyPhone'), orDash(member.emergency_phone)],
        [t('admin.common.remark'), orDash(member.remark)],
        [t('common.createdAt'), formatDate(member.created_at, localeStore.get(), 'dateTime')],
        [t('admin.common.updatedAt'), formatDate(member.updated_at, localeStore.get(), 'dateTime')],
      ]}
    />
  );
}

/**
 * SPEC §2 member detail (member/info/:id): tabs basic data, personal info, physiological standard,
 * device record, and the links to the member's care records.
 */
export function MemberDetailPage() {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  const id = Number(useParams().id);
  const detail = useResourceDetail(memberResource, Number.isInteger(id) && id > 0 ? id : null);
  const areas = useAreaOptions();
  const save = useSave(memberResource, [Resource.changeUser]);
  const carePages = useCareRecordPages();
  const shownTabs: TabKey[] = carePages.length > 0 ? [...tabs, 'care'] : [...tabs];
  // The open tab lives in the address (`?tab=timeline`), so a tab can be linked to and survives reload.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') as TabKey | null;
  const tab: TabKey = asked && shownTabs.includes(asked) ? asked : 'basic';
  const setTab = (next: TabKey) => setSearch(next === 'basic' ? {} : { tab: next }, { replace: true });
  const [editing, setEditing] = useState(false);
  const member = detail.data;
  useBreadcrumbName(member?.id, member?.name);
  const edit = member ? memberEditDialog(t, term, areas, member) : null;

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
        <Typography variant="h1" component="h1">
          {member ? member.name : <Skeleton width={200} />}
        </Typography>
        <Stack direction="row" spacing={1}>
          {member && <MemberReportButton member={member} />}
          <PermissionButton
            method="PUT"
            route={`${Resource.user}/{id}`}
            variant="outlined"
            disabled={!member}
            onClick={() => setEditing(true)}
          >
            {t('admin.member.edit', { term })}
          </PermissionButton>
        </Stack>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_e, v: TabKey) => setTab(v)}
        variant="scrollable"
        aria-label={t('admin.member.tabsLabel', { term })}
      >
        {shownTabs.map((k) => (
          <Tab
            key={k}
            value={k}
            label={k === 'care' ? t('admin.member.careRecords') : t(`admin.member.tabs.${k}`)}
            id={`member-tab-${k}`}
            aria-controls={`member-panel-${k}`}
          />
        ))}
      </Tabs>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, md: 3 } }}
        role="tabpanel"
        id={`member-panel-${tab}`}
        aria-labelledby={`member-tab-${tab}`}
      >
        {!member ? (
          <Skeleton height={200} />
        ) : tab === 'basic' ? (
          <BasicData member={member} />
        ) : tab === 'personal' ? (
          <PersonalInfo member={member} />
        ) : tab === 'standard' ? (
          <StandardsTab memberId={member.id} />
        ) : tab === 'timeline' ? (
          <Suspense fallback={<PageLoader />}>
            <TimelineTab memberId={member.id} />
          </Suspense>
        ) : tab === 'family' ? (
          <FamilyTab memberId={member.id} />
        ) : tab === 'care' ? (
          <CareRecordLinks memberId={member.id} pages={carePages} />
        ) : (
          <DeviceRecordTab memberId={member.id} />
        )}
      </Paper>
      {editing &&
        member &&
        edit?.render({
          title: t('admin.member.edit', { term }),
          permission: { method: 'PUT', route: `${Resource.user}/{id}` },
          onClose: () => setEditing(false),
          submit: (body) => save.mutateAsync({ id: member.id, body }),
        })}
    </Stack>
  );
}
