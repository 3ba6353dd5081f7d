import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { CareHandleKind, type PageKey } from '@vigil/contracts';
import { withCareHandle } from '../../features/care/index.ts';

/**
 * Every page the console can render, by contracts PageKey. A page appears in a role's route table,
 * its sidebar and its home dashboard only once it is registered here, so nothing ever links to a
 * page that does not exist. A feature adds its page with one line. Pages receive nested paths
 * (`member/info/...`) under `<key>/*` and declare their own sub-routes.
 */
export const pageRegistry: Partial<Record<PageKey, LazyExoticComponent<ComponentType>>> = {
  home: lazy(() => import('../../features/home/pages/HomePage.tsx')),
  personal: lazy(() => import('../../features/personal/pages/PersonalPage.tsx')),
  'pass-modify': lazy(() => import('../../features/personal/pages/PassModifyPage.tsx')),
  'second-factor': lazy(() => import('../../features/personal/pages/SecondFactorPage.tsx')),
  sessions: lazy(() => import('../../features/personal/pages/SessionsPage.tsx')),
  'abnormal-log': lazy(() => import('../../features/abnormal/pages/AbnormalLogPage.tsx')),
  'alert-burden': lazy(() => import('../../features/abnormal/pages/AlertBurdenPage.tsx')),
  heartrate: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('heartRate') }))),
  bloodpressure: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('bloodPressure') }))),
  bloodoxygen: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('bloodOxygen') }))),
  bodytemperature: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('bodyTemperature') }))),
  bloodsugar: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('bloodSugar') }))),
  bloodglucose: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('bloodGlucose') }))),
  ecg: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: withCareHandle(m.pageFor('ecg'), CareHandleKind.ecg) }))),
  sleep: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('sleep') }))),
  activity: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('activity') }))),
  sports: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('sports') }))),
  weight: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('weight') }))),
  hrv: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('hrv') }))),
  cholesterol: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('cholesterol') }))),
  'uric-acid': lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('uricAcid') }))),
  'urine-output': lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('urineOutput') }))),
  'drinking-water': lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('drinkingWater') }))),
  heartvessel: lazy(() => import('../../features/vitals/pages/VitalPage.tsx').then((m) => ({ default: m.pageFor('heartVessel') }))),
  'wearable-device-B10': lazy(() => import('../../features/wearable/pages/WearablePage.tsx').then((m) => ({ default: m.wearablePageFor(5) }))),
  'wearable-device-B20': lazy(() => import('../../features/wearable/pages/WearablePage.tsx').then((m) => ({ default: m.wearablePageFor(6) }))),
  'wearable-device-G15': lazy(() => import('../../features/wearable/pages/WearablePage.tsx').then((m) => ({ default: m.wearablePageFor(7) }))),
  'wearable-device-H20': lazy(() => import('../../features/wearable/pages/WearablePage.tsx').then((m) => ({ default: m.wearablePageFor(8) }))),
  area: lazy(() => import('../../features/admin/area/AreaPage.tsx')),
  'medication-delivery': lazy(() => import('../../features/delivery/DeliveryPage.tsx')),
  'work-log': lazy(() => import('../../features/work-log/WorkLogPage.tsx')),
  educate: lazy(() => import('../../features/care/pages.tsx').then((m) => ({ default: m.EducatePage }))),
  reconsultation: lazy(() => import('../../features/care/pages.tsx').then((m) => ({ default: m.ReconsultationPage }))),
  'service-schedule': lazy(() => import('../../features/care/pages.tsx').then((m) => ({ default: m.ServiceSchedulePage }))),
  'package-record': lazy(() => import('../../features/care/pages.tsx').then((m) => ({ default: m.PackageRecordPage }))),
  handover: lazy(() => import('../../features/handover/HandoverPage.tsx')),
  org: lazy(() => import('../../features/admin/org/OrgPage.tsx')),
  'org-relation': lazy(() => import('../../features/admin/org-relation/OrgRelationPage.tsx')),
  staff: lazy(() => import('../../features/admin/staff/StaffPage.tsx')),
  member: lazy(() => import('../../features/admin/member/MemberPage.tsx')),
  'member-device': lazy(() => import('../../features/admin/device/pages.tsx').then((m) => ({ default: m.MemberDevicePage }))),
  'member-device-chylyng': lazy(() => import('../../features/admin/device/pages.tsx').then((m) => ({ default: m.MemberDeviceChylyngPage }))),
  'device-chylyng': lazy(() => import('../../features/admin/device/pages.tsx').then((m) => ({ default: m.DeviceChylyngPage }))),
  'change-log-staff': lazy(() => import('../../features/admin/change-log/pages.tsx').then((m) => ({ default: m.StaffChangeLogPage }))),
  'change-log-member': lazy(() => import('../../features/admin/change-log/pages.tsx').then((m) => ({ default: m.MemberChangeLogPage }))),
  audit: lazy(() => import('../../features/admin/audit/AuditPage.tsx')),
  'device-sleep-history': lazy(() => import('../../features/device-state/SleepHistoryPage.tsx')),
  'handle-record': lazy(() => import('../../features/device-state/HandleRecordPage.tsx')),
  'device-real-time': lazy(() => import('../../features/device-state/DeviceRealTimePage.tsx')),
  wall: lazy(() => import('../../features/wall/WallPage.tsx')),
  standerd: lazy(() => import('../../features/admin/member/StandardsPage.tsx')),
  'medical-state-log': lazy(() => import('../../features/admin/medical-state/MedicalStateLogPage.tsx')),
  role: lazy(() => import('../../features/admin/role/RolePage.tsx')),
  api: lazy(() => import('../../features/admin/api-group/ApiGroupPage.tsx')),
  temprole: lazy(() => import('../../features/admin/temp-role/TempRolePage.tsx')),
  sidebar: lazy(() => import('../../features/admin/sidebar-settings/SidebarSettingsPage.tsx')),
  feature: lazy(() => import('../../features/admin/feature/FeaturePage.tsx')),
  'symptom-manage': lazy(() => import('../../features/care/symptom/SymptomPage.tsx').then((m) => ({ default: withCareHandle(m.default, CareHandleKind.symptom) }))),
  stethoscope: lazy(() => import('../../features/care/stethoscope/StethoscopePage.tsx')),
  'health-report': lazy(() => import('../../features/care/report/HealthReportPage.tsx')),
  'diet-manage': lazy(() => import('../../features/care/diet/DietPage.tsx').then((m) => ({ default: withCareHandle(m.DietPage, CareHandleKind.diet) }))),
  'medical-record': lazy(() => import('../../features/care/medical-record/MedicalRecordPage.tsx').then((m) => ({ default: withCareHandle(m.MedicalRecordPage, CareHandleKind.medicalRecord) }))),
  opd: lazy(() => import('../../features/care/opd/OpdPage.tsx').then((m) => ({ default: m.OpdPage }))),
};

export function registeredPages(): ReadonlySet<PageKey> {
  return new Set(Object.keys(pageRegistry) as PageKey[]);
}
