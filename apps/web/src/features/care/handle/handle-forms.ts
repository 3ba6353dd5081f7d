import dayjs from 'dayjs';
import { z } from 'zod';
import { DoseOutcome, handleFollowRequest, handlePackageMedicineRequest, toUnix } from '@vigil/contracts';

/** What the kit's `datetime` field holds: the browser's local `YYYY-MM-DDTHH:mm`, or null when cleared. */
const localMinute = z.string().nullable();
const LOCAL_MINUTE = 'YYYY-MM-DDTHH:mm';
const toSeconds = (value: string | null) => (value ? toUnix(dayjs(value).toDate()) : undefined);
/** An empty optional text is "not given", so the body carries only what the user wrote. */
const given = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);

export const nowLocal = () => dayjs().format(LOCAL_MINUTE);

/**
 * handleFollowRequest as the form holds it: the next appointment as a local date-time (empty for
 * none). The contracts rule runs on the body, so its messages land on the same field names.
 */
export const followForm = z
  .object({ record_id: z.number(), next_appointment_at: localMinute, content: z.string(), remark: z.string() })
  .transform((f): z.input<typeof handleFollowRequest> => ({ record_id: f.record_id, next_appointment_at: toSeconds(f.next_appointment_at) ?? null, content: f.content, remark: given(f.remark) }))
  .pipe(handleFollowRequest);

/**
 * A dose given (handlePackageMedicineRequest with outcome given): a scheduled dose by `dose_id`,
 * an as-needed one by `package_id`; the time as a local date-time; the witness and the PRN
 * override only when the form shows them.
 */
export const doseGivenForm = z
  .object({
    dose_id: z.number().optional(),
    package_id: z.number().optional(),
    given_at: localMinute,
    amount: z.number().optional(),
    override_reason: z.string(),
    witness_account: z.string(),
    witness_password: z.string(),
    content: z.string(),
    remark: z.string(),
  })
  .transform((f): z.input<typeof handlePackageMedicineRequest> => ({
    dose_id: f.dose_id,
    package_id: f.package_id,
    outcome: DoseOutcome.given,
    given_at: toSeconds(f.given_at),
    amount: f.amount,
    override_reason: given(f.override_reason),
    witness_account: given(f.witness_account),
    witness_password: given(f.witness_password),
    content: f.content,
    remark: given(f.remark),
  }))
  .pipe(handlePackageMedicineRequest);
