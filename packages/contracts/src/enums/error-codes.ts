/** SPEC §8: application error codes carried in `{ code, message }` error bodies. */
export const ErrorCode = {
  tokenExpired: -1,
  loginFailed: -2,
  noPermission: -3,
  accountDisabled: -4,
  validationFailed: -5,
  duplicate: -6,
  notFound: -7,
  processError: -8,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status that fits each code (docs/requirements.md §8: 401, 403, 404, 409, 422). */
export const errorHttpStatus: Record<ErrorCode, number> = {
  [ErrorCode.tokenExpired]: 401,
  [ErrorCode.loginFailed]: 401,
  [ErrorCode.noPermission]: 403,
  [ErrorCode.accountDisabled]: 403,
  [ErrorCode.validationFailed]: 422,
  [ErrorCode.duplicate]: 409,
  [ErrorCode.notFound]: 404,
  [ErrorCode.processError]: 422,
};

/** i18n keys of the toast shown for each code (web locales `error.*`). */
export const errorLabelKey: Record<ErrorCode, string> = {
  [ErrorCode.tokenExpired]: 'error.tokenExpired',
  [ErrorCode.loginFailed]: 'error.loginFailed',
  [ErrorCode.noPermission]: 'error.noPermission',
  [ErrorCode.accountDisabled]: 'error.accountDisabled',
  [ErrorCode.validationFailed]: 'error.validationFailed',
  [ErrorCode.duplicate]: 'error.duplicate',
  [ErrorCode.notFound]: 'error.notFound',
  [ErrorCode.processError]: 'error.processError',
};

/** English server messages; the web shows its own translated text chosen by code. */
export const errorMessage: Record<ErrorCode, string> = {
  [ErrorCode.tokenExpired]: 'Token expired, please sign in again',
  [ErrorCode.loginFailed]: 'Login failed, incorrect username or password',
  [ErrorCode.noPermission]: 'User does not have permission',
  [ErrorCode.accountDisabled]: 'Login failed, account is disabled',
  [ErrorCode.validationFailed]: 'Form validation failed',
  [ErrorCode.duplicate]: 'Duplicate data',
  [ErrorCode.notFound]: 'Data not found',
  [ErrorCode.processError]: 'Process error',
};

export const SYSTEM_ERROR_KEY = 'error.system';

/**
 * The message of the -3 that asks for a step-up (a recent sign-in, docs/security.md): the console
 * asks for the password and the user sends the call again.
 */
export const STEP_UP_REQUIRED = 'Confirm it is you: enter your password or a code, then try again';

/**
 * The message of the -3 that a staff member who must have a second factor and has none gets on
 * every call but their own account's (docs/security.md): the console sends them to enrolment.
 */
export const SECOND_FACTOR_ENROLMENT_REQUIRED = 'Set up a second factor before using the console';
