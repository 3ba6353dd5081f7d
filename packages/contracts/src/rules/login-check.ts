import { LOGIN_FIELD_MAX, LOGIN_FIELD_MIN } from './constants.ts';

/**
 * SPEC §5's special-character set as a plain pattern. `text.ts` holds the same set next to its zod
 * schemas; this copy exists so bundles that must not carry zod (the web sign-in route) can apply
 * the rule. `login-check.test.ts` proves both agree on every character, so they cannot drift.
 */
const SPECIAL_PATTERN = /["'`\\/^*()[\]{}<>|]/;

export function containsSpecialCharacter(value: string): boolean {
  return SPECIAL_PATTERN.test(value);
}

/** SPEC §5 login rule (account and password): 1–20 characters, no special characters. */
export function isValidLoginField(value: string): boolean {
  return value.length >= LOGIN_FIELD_MIN && value.length <= LOGIN_FIELD_MAX && !containsSpecialCharacter(value);
}
