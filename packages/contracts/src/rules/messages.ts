/** i18n keys of SPEC §5's validation messages; zod issues carry these as their message. */
export const ValidationMessage = {
  required: 'validation.required',
  notBlank: 'validation.notBlank',
  specialChars: 'validation.specialChars',
  specialCharsGeneric: 'validation.specialCharsGeneric',
  invalidInput: 'validation.invalidInput',
  passwordMismatch: 'validation.passwordMismatch',
  currentPasswordIncorrect: 'validation.currentPasswordIncorrect',
  passwordReused: 'validation.passwordReused',
  tooLong: 'validation.tooLong',
  tooShort: 'validation.tooShort',
  uploadCount: 'validation.uploadCount',
  uploadSize: 'validation.uploadSize',
  headshotSize: 'validation.headshotSize',
  invalidNumber: 'validation.invalidNumber',
  invalidOption: 'validation.invalidOption',
  prnTooSoon: 'validation.prnTooSoon',
  prnMaxReached: 'validation.prnMaxReached',
  witnessInvalid: 'validation.witnessInvalid',
  futureTime: 'validation.futureTime',
  duplicate: 'validation.duplicate',
} as const;
export type ValidationMessage = (typeof ValidationMessage)[keyof typeof ValidationMessage];
