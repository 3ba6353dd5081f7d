import { Link as RouterLink, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { type CareHandleKind, type PageKey, Resource, memberResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useResourceDetail } from '../../components/resource/index.ts';
import { useBreadcrumbName } from '../../lib/breadcrumb-name.ts';
import { useMemberTerm } from '../../lib/member-term.ts';
import { useNavigation } from '../../lib/navigation.ts';
import { usePermission } from '../../lib/session.ts';
import CareHandlePage from './handle/CareHandlePage.tsx';
import { type CareListConfig, type CareRow, CareRecordList } from './records/CareRecordList.tsx';
import { useHealthConfig } from './education/config.tsx';
import { useFollowConfig } from './follow-up/config.tsx';
import { usePackageConfig } from './package/config.tsx';
import { MedicineList } from './package/MedicineList.tsx';
import { useScheduleConfig } from './schedule/config.tsx';
import SymptomPage from './symptom/SymptomPage.tsx';
import { DietPage } from './diet/DietPage.tsx';
import StethoscopePage from './stethoscope/StethoscopePage.tsx';
import HealthReportPage from './report/HealthReportPage.tsx';
import { MedicalRecordPage } from './medical-record/MedicalRecordPage.tsx';
import { OpdPage } from './opd/OpdPage.tsx';
import { AbnormalLogPage } from '../abnormal/index.ts';

/** The four care record pages of SPEC §2 and the handle kind of each (docs/care.md). */
export const careRecordKinds = {
  educate: 'health',
  reconsultation: 'follow',
  'service-schedule': 'schedule',
  'package-record': 'package-medicine',
} as const satisfies Partial<Record<PageKey, CareHandleKind>>;
export type CareRecordPage = keyof typeof careRecordKinds;

/** Packages and, for the page in the sidebar, the medicine catalogue beside them as a second tab. */
function PackageTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const canReadCatalogue = usePermission('GET', Resource.medicine);
  if (!canReadCatalogue) return null;
  const onCatalogue = pathname.endsWith('/medicine');
  return (
    <Tabs value={onCatalogue ? 'medicine' : 'packages'} aria-label={t('page.package-record')} variant="scrollable">
      <Tab value="packages" label={t('care.record.package.tab')} component={RouterLink} to="/package-record" />
      <Tab value="medicine" label={t('care.medicine.tab')} component={RouterLink} to="/package-record/medicine" />
    </Tabs>
  );
}

type ListProps = { memberId?: number; title?: string };

function PackageList({ memberId, title }: ListProps) {
  const config = usePackageConfig();
  return <CareRecordList config={memberId === undefined ? { ...config, subHeader: () => <PackageTabs /> } : config} memberId={memberId} title={title} />;
}

/** A kind whose list is its config alone. */
const listOf = <R extends CareRow>(useConfig: () => CareListConfig<R>) =>
  function ConfigList({ memberId, title }: ListProps) {
    return <CareRecordList config={useConfig()} memberId={memberId} title={title} />;
  };

const lists: Record<CareRecordPage, (props: ListProps) => React.ReactElement> = {
  educate: listOf(useHealthConfig),
  reconsultation: listOf(useFollowConfig),
  'service-schedule': listOf(useScheduleConfig),
  'package-record': PackageList,
};

/**
 * `<page>/*` of a care record page: the list (`?user_id=` narrows it to a member) and
 * `<page>/handle`, the shared handle page of SPEC §2 for the page's kind.
 */
function CareRecordRoutes({ page }: { page: CareRecordPage }) {
  const List = lists[page];
  return (
    <Routes>
      <Route index element={<List />} />
      <Route path="handle" element={<CareHandlePage kind={careRecordKinds[page]} />} />
      {page === 'package-record' && <Route path="medicine" element={<MedicineList tabs={<PackageTabs />} />} />}
      <Route path="*" element={<Navigate to={`/${page}`} replace />} />
    </Routes>
  );
}

export const EducatePage = () => <CareRecordRoutes page="educate" />;
export const ReconsultationPage = () => <CareRecordRoutes page="reconsultation" />;
export const ServiceSchedulePage = () => <CareRecordRoutes page="service-schedule" />;
export const PackageRecordPage = () => <CareRecordRoutes page="package-record" />;

/**
 * Every list of SPEC §2's member-care area a member's page opens (`member/info/:id/<page>`): the
 * eleven care kinds and the member's alert log, each narrowed to the member.
 */
export const memberCareLists = {
  ...lists,
  'symptom-manage': SymptomPage,
  'diet-manage': DietPage,
  stethoscope: StethoscopePage,
  'health-report': HealthReportPage,
  'medical-record': MedicalRecordPage,
  opd: OpdPage,
  'abnormal-log': AbnormalLogPage,
} as const satisfies Partial<Record<PageKey, React.ComponentType<ListProps>>>;
export type MemberCarePage = keyof typeof memberCareLists;

const isMemberCarePage = (value: string | undefined): value is MemberCarePage => value !== undefined && value in memberCareLists;

/**
 * SPEC §2 member-care area: `member/info/:id/<care page>`, one member's records of one kind, with
 * the member's name in the title and a way back to the member. Reached from the member detail's
 * Care records tab, its timeline, and from an alert's "record education" / "record a follow-up".
 */
export default function MemberCarePage() {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  const { pages } = useNavigation();
  const params = useParams();
  const id = Number(params.id);
  const care = params.care;
  const valid = Number.isInteger(id) && id > 0;
  const member = useResourceDetail(memberResource, valid ? id : null);
  useBreadcrumbName(id, member.data?.name);
  if (!valid) return <Navigate to="/member" replace />;
  if (!isMemberCarePage(care) || !pages.has(care)) return <Navigate to={`/member/info/${id}`} replace />;
  const List = memberCareLists[care];
  const name = member.data?.name;
  return (
    <Stack spacing={2}>
      <Stack direction="row">
        <Button component={RouterLink} to={`/member/info/${id}`} startIcon={<ArrowBackIcon />} size="small">
          {t('care.record.backToMember', { term })}
        </Button>
      </Stack>
      <List key={`${care}-${id}`} memberId={id} title={name ? t('care.record.ofMember', { page: t(`page.${care}`), name }) : t(`page.${care}`)} />
    </Stack>
  );
}
