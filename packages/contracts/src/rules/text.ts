import { z } from 'zod';
import { LOGIN_FIELD_MAX, LOGIN_FIELD_MIN } from './constants.ts';
import { ValidationMessage } from './messages.ts';
import { containsSpecialCharacter } from './login-check.ts';

/** SPEC §5: characters no text field may contain. */
export const SPECIAL_CHARACTERS = ['"', "'", '`', '\\', '/', '^', '*', '(', ')', '[', ']', '{', '}', '<', '>', '|'];
/** The list as shown after "Cannot input special characters". */
export const SPECIAL_CHARACTERS_DISPLAY = SPECIAL_CHARACTERS.join(' ');

/** The pattern lives in the zod-free login-check.ts so the sign-in bundle can use it too. */
export const hasSpecialCharacters = containsSpecialCharacter;

/** A required text: present, not only whitespace, within length, no special characters. */
export function textField(options: { max?: number; min?: number } = {}) {
  const { max = 255, min = 1 } = options;
  return z
    .string({ error: ValidationMessage.required })
    .refine((v) => v.length === 0 || v.trim().length > 0, { message: ValidationMessage.notBlank })
    .refine((v) => v.length >= min, { message: min <= 1 ? ValidationMessage.required : ValidationMessage.tooShort })
    .refine((v) => v.length <= max, { message: ValidationMessage.tooLong })
    .refine((v) => !hasSpecialCharacters(v), { message: ValidationMessage.specialChars });
}

/** An optional free text (remarks): may be empty or null, still no special characters. */
export function optionalText(max = 1000) {
  return z
    .string()
    .max(max, { message: ValidationMessage.tooLong })
    .refine((v) => !hasSpecialCharacters(v), { message: ValidationMessage.specialChars })
    .nullable()
    .optional();
}

/** Search keyword: -1 or missing means unset; otherwise not blank and no special characters. */
export const keywordField = z
  .string()
  .max(100, { message: ValidationMessage.tooLong })
  .refine((v) => v.trim().length > 0, { message: ValidationMessage.notBlank })
  .refine((v) => !hasSpecialCharacters(v), { message: ValidationMessage.specialChars })
  .optional();

/** SPEC §5: login account and password, 1–20 characters, no special characters. */
export const loginField = z
  .string({ error: ValidationMessage.invalidInput })
  .min(LOGIN_FIELD_MIN, { message: ValidationMessage.invalidInput })
  .max(LOGIN_FIELD_MAX, { message: ValidationMessage.invalidInput })
  .refine((v) => !hasSpecialCharacters(v), { message: ValidationMessage.invalidInput });

/** New passwords: the login rule plus at least 8 characters with a letter and a digit. */
export const newPasswordField = loginField
  .refine((v) => v.length >= 8, { message: ValidationMessage.tooShort })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { message: ValidationMessage.invalidInput });
