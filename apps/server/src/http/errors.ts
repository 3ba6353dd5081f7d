import { ErrorCode, errorHttpStatus, errorMessage } from '@vigil/contracts';

export type FieldError = { field: string; message: string };

/** An application error carrying a SPEC §8 code; the error handler turns it into the error body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];

  constructor(code: ErrorCode, message?: string, errors?: FieldError[], status?: number) {
    super(message ?? errorMessage[code]);
    this.code = code;
    this.status = status ?? errorHttpStatus[code];
    this.errors = errors;
  }
}

export const notFound = (what = 'Data not found') => new AppError(ErrorCode.notFound, what);
export const forbidden = () => new AppError(ErrorCode.noPermission);
export const tokenExpired = () => new AppError(ErrorCode.tokenExpired);
export const duplicate = (field?: string) =>
  new AppError(ErrorCode.duplicate, undefined, field ? [{ field, message: 'error.duplicate' }] : undefined);
export const invalid = (errors: FieldError[], message?: string) =>
  new AppError(ErrorCode.validationFailed, message, errors);
export const processError = (message: string) => new AppError(ErrorCode.processError, message);

/** Too many failed sign-ins: -8 with status 429; the handler adds Retry-After. */
export class TooManyAttempts extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      ErrorCode.processError,
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      429,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
