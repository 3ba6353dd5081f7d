import dayjs from 'dayjs';
import { z } from 'zod';
import { ValidationMessage, fromUnix, toUnix } from '@vigil/contracts';

/** The browser's local date-time (`YYYY-MM-DDTHH:mm`) or date (`YYYY-MM-DD`) as the unix seconds the API takes. */
export const localTime = z
  .string({ error: ValidationMessage.required })
  .nullable()
  .refine((s) => s !== null && s !== '' && dayjs(s).isValid(), { message: ValidationMessage.required })
  .transform((s) => toUnix(dayjs(s!).toDate()));

/** An optional local time: empty is null. */
export const optionalLocalTime = z
  .string()
  .nullable()
  .optional()
  .transform((s) => (s ? toUnix(dayjs(s).toDate()) : null));

export const toLocalInput = (unix: number | null | undefined, day = false) =>
  unix === null || unix === undefined ? null : dayjs(fromUnix(unix)).format(day ? 'YYYY-MM-DD' : 'YYYY-MM-DDTHH:mm');
export const nowLocalInput = () => dayjs().format('YYYY-MM-DDTHH:mm');
export const todayLocalInput = () => dayjs().format('YYYY-MM-DD');
