import { z } from 'zod';
import { textField } from '../rules/text.ts';
import { ValidationMessage } from '../rules/messages.ts';
import { unixSeconds } from './envelope.ts';

/** GET /personal: the signed-in user's own profile. */
export const personalDetail = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  headshot: z.string().nullable(),
  org_id: z.number().int(),
  org_name: z.string(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  role: z.number().int(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created_at: unixSeconds,
  updated_at: unixSeconds,
});
export type PersonalDetail = z.infer<typeof personalDetail>;

/** Phone numbers: digits with an optional leading +, spaces and dashes, up to 20 characters. */
const phonePattern = /^\+?[0-9][0-9 -]{3,19}$/;

/** An optional contact field: empty or null means "not given". */
const optionalContact = (check: (v: string) => boolean) =>
  z
    .string()
    .max(100, { message: ValidationMessage.tooLong })
    .refine((v) => v === '' || check(v), { message: ValidationMessage.invalidInput })
    .nullable()
    .optional();

/** PUT /personal. */
export const personalUpdateRequest = z.strictObject({
  name: textField({ max: 50 }),
  phone: optionalContact((v) => phonePattern.test(v) && v.length <= 20),
  email: optionalContact((v) => z.email().safeParse(v).success),
});
export type PersonalUpdateRequest = z.infer<typeof personalUpdateRequest>;

/** POST /personal/head (multipart field `file`): the stored file name, served under /file/headshot. */
export const headshotUploadResponse = z.object({ headshot: z.string() });
export type HeadshotUploadResponse = z.infer<typeof headshotUploadResponse>;
