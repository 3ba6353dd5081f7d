import { z } from 'zod';
import { ValidationMessage } from '../rules/messages.ts';

/**
 * A stored file's name as the storage module returns it from an upload (random, no path), which a
 * record keeps in its list of attachments or photos.
 */
export const storedFileName = z
  .string()
  .max(120, { message: ValidationMessage.tooLong })
  .regex(/^[A-Za-z0-9._-]+$/, { message: ValidationMessage.invalidInput });

/** A record's attachments: at most `limit` stored files, none twice (SPEC §5 upload count). */
export function attachments(limit: number) {
  return z
    .array(storedFileName)
    .max(limit, { message: ValidationMessage.uploadCount })
    .refine((names) => new Set(names).size === names.length, { message: ValidationMessage.invalidInput });
}
