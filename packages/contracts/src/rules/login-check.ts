import { LOGIN_FIELD_MAX, LOGIN_FIELD_MIN } from './constants.ts';

/**
 * SPEC §5's special-character set as a plain pattern, kept free of zod so bundles that must stay
 * small (the web sign-in route) can apply the rule; `text.ts` builds its zod rules on it.
 */
const SPECIAL_PATTERN = /["'`\\/^*()[\]{}<>|]/;

export function containsSpecialCharacter(value: string): boolean {
  return SPECIAL_PATTERN.test(value);
}

/** SPEC §5 login rule (account and password): 1–20 characters, no special characters. */
export function isValidLoginField(value: string): boolean {
  return value.length >= LOGIN_FIELD_MIN && value.length <= LOGIN_FIELD_MAX && !containsSpecialCharacter(value);
}
