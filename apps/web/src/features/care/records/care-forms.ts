import dayjs from 'dayjs';
import { z } from 'zod';
import {
  CARE_UTC_OFFSET_MINUTES,
  CareService,
  type CareFollowUpRow,
  type CareHealthRow,
  type CarePackageRow,
  type CareScheduleRow,
  EducateMethod,
  EducateType,
  EducateRecipient,
  EducateUnderstanding,
  FollowUpCompanion,
  FollowUpTransport,
  MedicationRoute,
  MedicationType,
  PrescriptionType,
  ScheduleRepeat,
  ValidationMessage,
  careFollowUpCreate,
  careFollowUpUpdate,
  careHealthCreate,
  careHealthUpdate,
  carePackageCreate,
  carePackageUpdate,
  careScheduleCreate,
  careScheduleUpdate,
  checkRegimen,
  checkScheduleRule,
  toUnix,
} from '@vigil/contracts';

/**
 * The care record forms as the kit's fields hold them (docs/care.md): instants as the browser's
 * local `YYYY-MM-DDTHH:mm`, the care home's days as `YYYY-MM-DD` and its daily times as `HH:mm`
 * (both in the home's own zone, CARE_UTC_OFFSET_MINUTES, whatever the browser's zone), pickers as
 * ids or null. Each form is turned into the contracts body and piped through the contracts schema,
 * so a rule's message lands under the field of the same name, as the server's -5 would.
 */

const LOCAL_MINUTE = 'YYYY-MM-DDTHH:mm';
const OFFSET_SECONDS = CARE_UTC_OFFSET_MINUTES * 60;

export const nowLocal = () => dayjs().format(LOCAL_MINUTE);
const localMinuteOf = (seconds: number) => dayjs.unix(seconds).format(LOCAL_MINUTE);
const secondsOf = (value: string | null) => (value ? toUnix(dayjs(value).toDate()) : undefined);

/** `YYYY-MM-DD` of the care home to the unix seconds of its local midnight, and back. */
export function careDaySeconds(day: string | null): number | undefined {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m) return undefined;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000 - OFFSET_SECONDS;
}
export const careDayText = (seconds: number) => new Date((seconds + OFFSET_SECONDS) * 1000).toISOString().slice(0, 10);
/** Today in the care home. */
export const careToday = () => careDayText(Math.floor(Date.now() / 1000));

/** `HH:mm` to minutes after midnight, and back. */
export function minutesOf(time: string | null): number | undefined {
  const m = time ? /^(\d{2}):(\d{2})$/.exec(time) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}
export const timeText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The half-hour times a package's daily times are picked from (a home's medication rounds). */
export const dailyTimeChoices = Array.from({ length: 48 }, (_, i) => i * 30);

/** An empty optional text is "not given", so the body carries only what the user wrote. */
const given = (value: string) => (value.trim() === '' ? null : value);
const picked = z.number({ error: ValidationMessage.required }).nullable();
const required = <T>(value: T | null) => value as T;
const pickedRequired = (path: string) => (v: { [k: string]: unknown }, ctx: z.RefinementCtx) => {
  if (v[path] === null || v[path] === undefined) ctx.addIssue({ code: 'custom', path: [path], message: ValidationMessage.required });
};

/** Where a new record comes from: the member chosen, and the alert it answers when opened from one. */
export type Origin = { memberId: number | null; abnormalId: number | null };

// ---------------------------------------------------------------- health education

const healthShape = z.object({
  member_id: picked,
  abnormal_id: z.number().nullable(),
  type: z.number({ error: ValidationMessage.required }),
  educate_at: z.string().nullable(),
  topic: z.string(),
  content: z.string(),
  recipient: z.number({ error: ValidationMessage.required }),
  method: z.number({ error: ValidationMessage.required }),
  understanding: z.number({ error: ValidationMessage.required }),
  educator_id: picked,
  review_at: z.string().nullable(),
  remark: z.string(),
});
type HealthForm = z.infer<typeof healthShape>;
const healthBody = (f: HealthForm) => ({
  type: f.type,
  educate_at: secondsOf(f.educate_at),
  topic: f.topic,
  content: f.content,
  recipient: f.recipient,
  method: f.method,
  understanding: f.understanding,
  educator_id: required(f.educator_id),
  review_at: secondsOf(f.review_at),
  remark: given(f.remark),
});
export const healthCreateForm = healthShape
  .superRefine(pickedRequired('member_id'))
  .superRefine(pickedRequired('educator_id'))
  .transform((f) => ({ member_id: required(f.member_id), abnormal_id: f.abnormal_id, ...healthBody(f) }) as z.input<typeof careHealthCreate>)
  .pipe(careHealthCreate);
export const healthEditForm = healthShape
  .superRefine(pickedRequired('educator_id'))
  .transform((f) => healthBody(f) as z.input<typeof careHealthUpdate>)
  .pipe(careHealthUpdate);

export const newHealth = (origin: Origin, educatorId: number | null): HealthForm => ({
  member_id: origin.memberId,
  abnormal_id: origin.abnormalId,
  type: EducateType.physiological,
  educate_at: nowLocal(),
  topic: '',
  content: '',
  recipient: EducateRecipient.member,
  method: EducateMethod.verbal,
  understanding: EducateUnderstanding.understood,
  educator_id: educatorId,
  review_at: null,
  remark: '',
});
export const healthOf = (r: CareHealthRow): HealthForm => ({
  member_id: r.member_id,
  abnormal_id: r.abnormal_id,
  type: r.type,
  educate_at: localMinuteOf(r.educate_at),
  topic: r.topic,
  content: r.content,
  recipient: r.recipient,
  method: r.method,
  understanding: r.understanding,
  educator_id: r.educator_id,
  review_at: localMinuteOf(r.review_at),
  remark: r.remark ?? '',
});

// ---------------------------------------------------------------- follow-up visits

const followShape = z.object({
  member_id: picked,
  abnormal_id: z.number().nullable(),
  hospital: z.string(),
  department: picked,
  doctor: z.string(),
  appointment_at: z.string().nullable(),
  appointment_no: z.string(),
  reason: z.string(),
  transport: z.number({ error: ValidationMessage.required }),
  companion: z.number({ error: ValidationMessage.required }),
  companion_name: z.string(),
  bring_items: z.string(),
  result: z.string(),
  next_appointment_at: z.string().nullable(),
  remark: z.string(),
});
type FollowForm = z.infer<typeof followShape>;
const followBody = (f: FollowForm) => ({
  hospital: f.hospital,
  department: required(f.department),
  doctor: given(f.doctor),
  appointment_at: secondsOf(f.appointment_at),
  appointment_no: given(f.appointment_no),
  reason: f.reason,
  transport: f.transport,
  companion: f.companion,
  companion_name: given(f.companion_name),
  bring_items: given(f.bring_items),
  result: given(f.result),
  next_appointment_at: secondsOf(f.next_appointment_at) ?? null,
  remark: given(f.remark),
});
export const followCreateForm = followShape
  .superRefine(pickedRequired('member_id'))
  .superRefine(pickedRequired('department'))
  .transform((f) => ({ member_id: required(f.member_id), abnormal_id: f.abnormal_id, ...followBody(f) }) as z.input<typeof careFollowUpCreate>)
  .pipe(careFollowUpCreate);
export const followEditForm = followShape
  .superRefine(pickedRequired('department'))
  .transform((f) => followBody(f) as z.input<typeof careFollowUpUpdate>)
  .pipe(careFollowUpUpdate);

export const newFollow = (origin: Origin): FollowForm => ({
  member_id: origin.memberId,
  abnormal_id: origin.abnormalId,
  hospital: '',
  department: null,
  doctor: '',
  appointment_at: null,
  appointment_no: '',
  reason: '',
  transport: FollowUpTransport.homeVehicle,
  companion: FollowUpCompanion.staff,
  companion_name: '',
  bring_items: '',
  result: '',
  next_appointment_at: null,
  remark: '',
});
export const followOf = (r: CareFollowUpRow): FollowForm => ({
  member_id: r.member_id,
  abnormal_id: r.abnormal_id,
  hospital: r.hospital,
  department: r.department,
  doctor: r.doctor ?? '',
  appointment_at: localMinuteOf(r.appointment_at),
  appointment_no: r.appointment_no ?? '',
  reason: r.reason,
  transport: r.transport,
  companion: r.companion,
  companion_name: r.companion_name ?? '',
  bring_items: r.bring_items ?? '',
  result: r.result ?? '',
  next_appointment_at: r.next_appointment_at === null ? null : localMinuteOf(r.next_appointment_at),
  remark: r.remark ?? '',
});

// ---------------------------------------------------------------- service schedules

const scheduleShape = z.object({
  member_id: picked,
  service: z.number({ error: ValidationMessage.required }),
  title: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  time_of_day: z.string().nullable(),
  duration_minutes: z.number({ error: ValidationMessage.required }).optional(),
  repeat: z.number({ error: ValidationMessage.required }),
  weekdays: z.array(z.number()),
  staff_id: z.number().nullable(),
  remark: z.string(),
});
type ScheduleForm = z.infer<typeof scheduleShape>;
const scheduleBody = (f: ScheduleForm) => ({
  service: f.service,
  title: f.title,
  start_date: careDaySeconds(f.start_date),
  end_date: f.repeat === ScheduleRepeat.once ? careDaySeconds(f.start_date) : (careDaySeconds(f.end_date) ?? null),
  time_of_day: minutesOf(f.time_of_day),
  duration_minutes: f.duration_minutes,
  repeat: f.repeat,
  weekdays: f.repeat === ScheduleRepeat.weekly ? f.weekdays : [],
  staff_id: f.staff_id,
  remark: given(f.remark),
});
export const scheduleCreateForm = scheduleShape
  .superRefine(pickedRequired('member_id'))
  .transform((f) => ({ member_id: required(f.member_id), ...scheduleBody(f) }) as z.input<typeof careScheduleCreate>)
  .pipe(careScheduleCreate);
export const scheduleEditForm = scheduleShape
  .transform((f) => scheduleBody(f) as z.input<typeof careScheduleUpdate>)
  .pipe(careScheduleUpdate.superRefine(checkScheduleRule));

export const newSchedule = (origin: Origin): ScheduleForm => ({
  member_id: origin.memberId,
  service: CareService.bathing,
  title: '',
  start_date: careToday(),
  end_date: null,
  time_of_day: '09:00',
  duration_minutes: 30,
  repeat: ScheduleRepeat.daily,
  weekdays: [],
  staff_id: null,
  remark: '',
});
export const scheduleOf = (r: CareScheduleRow): ScheduleForm => ({
  member_id: r.member_id,
  service: r.service,
  title: r.title,
  start_date: careDayText(r.start_date),
  end_date: r.end_date === null ? null : careDayText(r.end_date),
  time_of_day: timeText(r.time_of_day),
  duration_minutes: r.duration_minutes,
  repeat: r.repeat,
  weekdays: r.weekdays,
  staff_id: r.staff_id,
  remark: r.remark ?? '',
});

// ---------------------------------------------------------------- medication packages

const packageShape = z.object({
  member_id: picked,
  medicine_id: picked,
  medication_type: z.number({ error: ValidationMessage.required }),
  prescription_type: z.number({ error: ValidationMessage.required }),
  frequency: picked,
  dose: z.number({ error: ValidationMessage.required }).optional(),
  route: z.number({ error: ValidationMessage.required }),
  daily_times: z.array(z.number()),
  weekdays: z.array(z.number()),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  time_critical: z.boolean(),
  prn_min_interval_minutes: z.number().optional(),
  prn_max_per_24h: z.number().optional(),
  prn_indication: z.string(),
  pharmacy_name: z.string(),
  prescriber: z.string(),
  hospital: z.string(),
  remark: z.string(),
});
type PackageForm = z.infer<typeof packageShape>;
const packageBody = (f: PackageForm) => ({
  medicine_id: required(f.medicine_id),
  medication_type: f.medication_type,
  prescription_type: f.prescription_type,
  frequency: required(f.frequency),
  dose: f.dose,
  route: f.route,
  daily_times: f.daily_times,
  weekdays: f.weekdays,
  start_date: careDaySeconds(f.start_date),
  end_date: careDaySeconds(f.end_date) ?? null,
  time_critical: f.time_critical,
  prn_min_interval_minutes: f.prn_min_interval_minutes ?? null,
  prn_max_per_24h: f.prn_max_per_24h ?? null,
  prn_indication: given(f.prn_indication),
  pharmacy_name: given(f.pharmacy_name),
  prescriber: given(f.prescriber),
  hospital: given(f.hospital),
  remark: given(f.remark),
});
const packagePicks = (v: PackageForm, ctx: z.RefinementCtx) => {
  pickedRequired('medicine_id')(v, ctx);
  pickedRequired('frequency')(v, ctx);
};
export const packageCreateForm = packageShape
  .superRefine(pickedRequired('member_id'))
  .superRefine(packagePicks)
  .transform((f) => ({ member_id: required(f.member_id), ...packageBody(f) }) as z.input<typeof carePackageCreate>)
  .pipe(carePackageCreate);
export const packageEditForm = packageShape
  .superRefine(packagePicks)
  .transform((f) => packageBody(f) as z.input<typeof carePackageUpdate>)
  .pipe(carePackageUpdate.superRefine(checkRegimen));

export const newPackage = (origin: Origin): PackageForm => ({
  member_id: origin.memberId,
  medicine_id: null,
  medication_type: MedicationType.western,
  prescription_type: PrescriptionType.continuous,
  frequency: null,
  dose: 1,
  route: MedicationRoute.oral,
  daily_times: [],
  weekdays: [],
  start_date: careToday(),
  end_date: null,
  time_critical: false,
  prn_min_interval_minutes: undefined,
  prn_max_per_24h: undefined,
  prn_indication: '',
  pharmacy_name: '',
  prescriber: '',
  hospital: '',
  remark: '',
});
export const packageOf = (r: CarePackageRow): PackageForm => ({
  member_id: r.member_id,
  medicine_id: r.medicine_id,
  medication_type: r.medication_type,
  prescription_type: r.prescription_type,
  frequency: r.frequency,
  dose: r.dose,
  route: r.route,
  daily_times: r.daily_times,
  weekdays: r.weekdays,
  start_date: careDayText(r.start_date),
  end_date: r.end_date === null ? null : careDayText(r.end_date),
  time_critical: r.time_critical,
  prn_min_interval_minutes: r.prn_min_interval_minutes ?? undefined,
  prn_max_per_24h: r.prn_max_per_24h ?? undefined,
  prn_indication: r.prn_indication ?? '',
  pharmacy_name: r.pharmacy_name ?? '',
  prescriber: r.prescriber ?? '',
  hospital: r.hospital ?? '',
  remark: r.remark ?? '',
});
