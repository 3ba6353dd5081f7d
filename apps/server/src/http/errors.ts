import { ErrorCode, errorHttpStatus, errorMessage } from '@vigil/contracts';

export type FieldError = { field: string; message: string };

/** An application error carrying a SPEC §8 code; the error handler turns it into the error body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];

  constructor(code: ErrorCode, message?: string, errors?: FieldError[]) {
    super(message ?? errorMessage[code]);
    this.code = code;
    this.status = errorHttpStatus[code];
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
