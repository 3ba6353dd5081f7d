import { OrgType, orgTypeLabelKey, Role, roleLabelKey } from './roles.ts';
import * as member from './member.ts';
import * as care from './care.ts';
import * as careII from './care-ii.ts';
import { MedicationFrequency, medicationFrequencyLabelKey } from './medication-frequency.ts';
import { Department, departmentLabelKey } from './department.ts';
import * as body from './body.ts';
import * as phys from './physiological.ts';
import * as abnormal from './abnormal.ts';
import * as routing from './alert-routing.ts';
import * as devices from './devices.ts';
import * as ui from './ui.ts';
import * as shiftWork from './shift-work.ts';

export * from './label-key.ts';
export * from './member.ts';
export * from './care.ts';
export * from './care-ii.ts';
export * from './medication-frequency.ts';
export * from './department.ts';
export * from './body.ts';
export * from './physiological.ts';
export * from './abnormal.ts';
export * from './alert-routing.ts';
export * from './devices.ts';
export * from './realtime.ts';
export * from './ui.ts';
export * from './shift-work.ts';

interface LabelledEnum {
  values: Readonly<Record<string, string | number>>;
  labelKey: Readonly<Record<string | number, string>>;
}

/**
 * Every labelled enumeration by its label-key name (`enum.<name>.<member>`): option lists of
 * selects and the locale completeness test read it.
 */
export const labelledEnums = {
  orgType: { values: OrgType, labelKey: orgTypeLabelKey },
  role: { values: Role, labelKey: roleLabelKey },
  gender: { values: member.Gender, labelKey: member.genderLabelKey },
  medicalState: { values: member.MedicalState, labelKey: member.medicalStateLabelKey },
  memberChangeStatus: { values: member.MemberChangeStatus, labelKey: member.memberChangeStatusLabelKey },
  userChangeKind: { values: member.UserChangeKind, labelKey: member.userChangeKindLabelKey },
  meal: { values: care.Meal, labelKey: care.mealLabelKey },
  medicationType: { values: care.MedicationType, labelKey: care.medicationTypeLabelKey },
  prescriptionType: { values: care.PrescriptionType, labelKey: care.prescriptionTypeLabelKey },
  outpatientType: { values: care.OutpatientType, labelKey: care.outpatientTypeLabelKey },
  consultationPeriod: { values: care.ConsultationPeriod, labelKey: care.consultationPeriodLabelKey },
  stethoscopeMode: { values: care.StethoscopeMode, labelKey: care.stethoscopeModeLabelKey },
  painType: { values: care.PainType, labelKey: care.painTypeLabelKey },
  educateType: { values: care.EducateType, labelKey: care.educateTypeLabelKey },
  handleState: { values: care.HandleState, labelKey: care.handleStateLabelKey },
  deliveryOrderState: { values: care.DeliveryOrderState, labelKey: care.deliveryOrderStateLabelKey },
  deliveryType: { values: care.DeliveryType, labelKey: care.deliveryTypeLabelKey },
  deliveryLineState: { values: shiftWork.DeliveryLineState, labelKey: shiftWork.deliveryLineStateLabelKey },
  deliverySide: { values: shiftWork.DeliverySide, labelKey: shiftWork.deliverySideLabelKey },
  shift: { values: shiftWork.Shift, labelKey: shiftWork.shiftLabelKey },
  workLogCategory: { values: shiftWork.WorkLogCategory, labelKey: shiftWork.workLogCategoryLabelKey },
  illnessSeverity: { values: shiftWork.IllnessSeverity, labelKey: shiftWork.illnessSeverityLabelKey },
  handoverState: { values: shiftWork.HandoverState, labelKey: shiftWork.handoverStateLabelKey },
  handoverItemKind: { values: shiftWork.HandoverItemKind, labelKey: shiftWork.handoverItemKindLabelKey },
  educateRecipient: { values: care.EducateRecipient, labelKey: care.educateRecipientLabelKey },
  educateMethod: { values: care.EducateMethod, labelKey: care.educateMethodLabelKey },
  educateUnderstanding: { values: care.EducateUnderstanding, labelKey: care.educateUnderstandingLabelKey },
  followUpTransport: { values: care.FollowUpTransport, labelKey: care.followUpTransportLabelKey },
  followUpCompanion: { values: care.FollowUpCompanion, labelKey: care.followUpCompanionLabelKey },
  careService: { values: care.CareService, labelKey: care.careServiceLabelKey },
  scheduleRepeat: { values: care.ScheduleRepeat, labelKey: care.scheduleRepeatLabelKey },
  weekday: { values: care.Weekday, labelKey: care.weekdayLabelKey },
  dosageForm: { values: care.DosageForm, labelKey: care.dosageFormLabelKey },
  controlledLevel: { values: care.ControlledLevel, labelKey: care.controlledLevelLabelKey },
  medicationRoute: { values: care.MedicationRoute, labelKey: care.medicationRouteLabelKey },
  doseOutcome: { values: care.DoseOutcome, labelKey: care.doseOutcomeLabelKey },
  doseNotGivenReason: { values: care.DoseNotGivenReason, labelKey: care.doseNotGivenReasonLabelKey },
  prnEffect: { values: care.PrnEffect, labelKey: care.prnEffectLabelKey },
  careHandleKind: { values: care.CareHandleKind, labelKey: care.careHandleKindLabelKey },
  balanceMovementKind: { values: care.BalanceMovementKind, labelKey: care.balanceMovementKindLabelKey },
  symptomFinding: { values: careII.SymptomFinding, labelKey: careII.symptomFindingLabelKey },
  painTool: { values: careII.PainTool, labelKey: careII.painToolLabelKey },
  woundCategory: { values: careII.WoundCategory, labelKey: careII.woundCategoryLabelKey },
  bodyView: { values: careII.BodyView, labelKey: careII.bodyViewLabelKey },
  eatenPortion: { values: careII.EatenPortion, labelKey: careII.eatenPortionLabelKey },
  appetite: { values: careII.Appetite, labelKey: careII.appetiteLabelKey },
  dietTexture: { values: careII.DietTexture, labelKey: careII.dietTextureLabelKey },
  reportType: { values: careII.ReportType, labelKey: careII.reportTypeLabelKey },
  opdStatus: { values: careII.OpdStatus, labelKey: careII.opdStatusLabelKey },
  medicationFrequency: { values: MedicationFrequency, labelKey: medicationFrequencyLabelKey },
  department: { values: Department, labelKey: departmentLabelKey },
  bodyMainPart: { values: body.BodyMainPart, labelKey: body.bodyMainPartLabelKey },
  bodySmallPart: { values: body.BodySmallPart, labelKey: body.bodySmallPartLabelKey },
  organ: { values: body.Organ, labelKey: body.organLabelKey },
  organPosition: { values: body.OrganPosition, labelKey: body.organPositionLabelKey },
  unit: { values: phys.Unit, labelKey: phys.unitLabelKey },
  physiologicalKind: { values: phys.PhysiologicalKind, labelKey: phys.physiologicalKindLabelKey },
  standardKind: { values: phys.StandardKind, labelKey: phys.standardKindLabelKey },
  bloodSugarSegment: { values: phys.BloodSugarSegment, labelKey: phys.bloodSugarSegmentLabelKey },
  ecgStatus: { values: phys.EcgStatus, labelKey: phys.ecgStatusLabelKey },
  heartVesselResult: { values: phys.HeartVesselResult, labelKey: phys.heartVesselResultLabelKey },
  sleepStage: { values: phys.SleepStageKind, labelKey: phys.sleepStageLabelKey },
  hand: { values: phys.Hand, labelKey: phys.handLabelKey },
  afibResult: { values: phys.AfibResult, labelKey: phys.afibResultLabelKey },
  abnormalCategory: { values: abnormal.AbnormalCategory, labelKey: abnormal.abnormalCategoryLabelKey },
  abnormalType: { values: abnormal.AbnormalType, labelKey: abnormal.abnormalTypeLabelKey },
  alertPriority: { values: abnormal.AlertPriority, labelKey: abnormal.alertPriorityLabelKey },
  alertRouteCategory: { values: routing.AlertRouteCategory, labelKey: routing.alertRouteCategoryLabelKey },
  deviceType: { values: devices.DeviceType, labelKey: devices.deviceTypeLabelKey },
  deviceBinding: { values: devices.DeviceBinding, labelKey: devices.deviceBindingLabelKey },
  abnormalStoreCategory: {
    values: devices.AbnormalStoreCategory,
    labelKey: devices.abnormalStoreCategoryLabelKey,
  },
  samplingInterval: { values: devices.SamplingInterval, labelKey: devices.samplingIntervalLabelKey },
  dataSource: { values: devices.DataSource, labelKey: devices.dataSourceLabelKey },
  menuType: { values: ui.MenuType, labelKey: ui.menuTypeLabelKey },
  displayMode: { values: ui.DisplayMode, labelKey: ui.displayModeLabelKey },
  rangeChoice: { values: ui.RangeChoice, labelKey: ui.rangeChoiceLabelKey },
  formAction: { values: ui.FormAction, labelKey: ui.formActionLabelKey },
  wearableTab: { values: ui.WearableTab, labelKey: ui.wearableTabLabelKey },
} as const satisfies Record<string, LabelledEnum>;
export type LabelledEnumName = keyof typeof labelledEnums;
