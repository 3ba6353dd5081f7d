import type { z } from 'zod';
import { ErrorCode, SECOND_FACTOR_ENROLMENT_REQUIRED, STEP_UP_REQUIRED, SYSTEM_ERROR_KEY, errorLabelKey } from '@vigil/contracts/errors';
import { clearSession, getToken } from './session.ts';
import { noteServerUse } from './idle.ts';
import { notifyError } from './notify.ts';
import { runtimeConfig } from './runtime-config.ts';
import { createStore } from './store.ts';

/** Open while the server asks for a step-up (STEP_UP_REQUIRED): the shell shows the password dialog. */
export const stepUpStore = createStore(false);
/** Counts the step-ups confirmed in this tab: a call waiting on the dialog retries once it grows. */
export const stepUpConfirmedStore = createStore(0);

/**
 * Waits for the open step-up dialog to close; true when the user confirmed (the call may be sent
 * again), false when they cancelled.
 */
export function awaitStepUp(): Promise<boolean> {
  const before = stepUpConfirmedStore.get();
  return new Promise((resolve) => {
    const unsubscribe = stepUpStore.subscribe(() => {
      if (stepUpStore.get()) return;
      unsubscribe();
      resolve(stepUpConfirmedStore.get() > before);
    });
  });
}

export type FieldError = { field: string; message: string };

/** A failed call: HTTP status (0 for a network failure), SPEC §8 code if the server sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number | null;
  readonly errors: FieldError[];
  /** i18n key of the message the user sees. */
  readonly messageKey: string;

  constructor(status: number, code: number | null, errors: FieldError[] = [], detail?: string) {
    const key = errorMessageKey(status, code);
    super(detail ?? key);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.messageKey = key;
  }
}

const statusKey: Record<number, string> = {
  401: errorLabelKey[ErrorCode.tokenExpired],
  403: errorLabelKey[ErrorCode.noPermission],
  404: errorLabelKey[ErrorCode.notFound],
  409: errorLabelKey[ErrorCode.duplicate],
  422: errorLabelKey[ErrorCode.validationFailed],
};

/** SPEC §8: the code decides when it is known; otherwise the status; 500 and the rest are a system error. */
export function errorMessageKey(status: number, code: number | null): string {
  if (code !== null && code in errorLabelKey) return errorLabelKey[code as ErrorCode];
  if (status === 500) return SYSTEM_ERROR_KEY;
  return statusKey[status] ?? SYSTEM_ERROR_KEY;
}

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Contracts schema the `data` field must satisfy (SPEC §5: responses are checked). */
  schema?: z.ZodType<T>;
  /** Return the body as a Blob (files and images) instead of unwrapping `{ data }`. */
  blob?: boolean;
  /** Do not toast failures: the caller shows them itself (the sign-in form does). */
  silent?: boolean;
  /**
   * Fields the calling form shows -5 errors under: a -5 naming one of them is not toasted, since the
   * specific message beside the field says more than "Form validation failed".
   */
  formFields?: readonly string[];
  /** Shown instead of the code's message when the call fails (e.g. Download Failed). */
  failureKey?: string;
  signal?: AbortSignal;
};

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return `${runtimeConfig().apiBase}${path}${qs ? `?${qs}` : ''}`;
}

type ErrorPayload = { code?: unknown; message?: unknown; errors?: unknown };

function readErrorPayload(json: unknown): { code: number | null; errors: FieldError[]; message?: string } {
  if (!json || typeof json !== 'object') return { code: null, errors: [] };
  const p = json as ErrorPayload;
  const errors = Array.isArray(p.errors)
    ? p.errors.filter((e): e is FieldError => !!e && typeof e.field === 'string' && typeof e.message === 'string')
    : [];
  return {
    code: typeof p.code === 'number' ? p.code : null,
    errors,
    message: typeof p.message === 'string' ? p.message : undefined,
  };
}

async function parseJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function shownBesideField(error: ApiError, fields: readonly string[] | undefined): boolean {
  return error.code === ErrorCode.validationFailed && !!fields && error.errors.some((e) => fields.includes(e.field));
}

function fail<T>(error: ApiError, options: RequestOptions<T>): never {
  if (error.code === ErrorCode.tokenExpired) {
    // SPEC §8: -1 ends the session; the shell guard sends the user to /login and drops the cache.
    clearSession('expired');
  } else if (error.code === ErrorCode.noPermission && error.message === STEP_UP_REQUIRED) {
    // Not a missing permission: the shell's step-up dialog asks for the password, then the user retries.
    stepUpStore.set(true);
  } else if (error.code === ErrorCode.noPermission && error.message === SECOND_FACTOR_ENROLMENT_REQUIRED) {
    // Not a failure to report: the shell's second-factor gate is already taking the user to enrolment.
  } else if (!options.silent && !shownBesideField(error, options.formFields)) {
    notifyError(options.failureKey ?? error.messageKey);
  }
  throw error;
}

export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    return fail(new ApiError(0, null, [], 'network failure'), options);
  }

  // A success proves the server accepted the session, and so counted it as used (the idle limit).
  if (token && response.ok && getToken() === token) noteServerUse(sentAt);
  if (options.blob && response.ok && response.status !== 202) return (await response.blob()) as T;

  const json = await parseJson(response);
  const payload = readErrorPayload(json);
  // docs/requirements.md §8: a 202 carrying a code is an application error like any 4xx.
  if (!response.ok || (response.status === 202 && payload.code !== null)) {
    return fail(new ApiError(response.status, payload.code, payload.errors, payload.message), options);
  }
  if (json === undefined || !json || typeof json !== 'object' || !('data' in json)) {
    return fail(new ApiError(response.status, null, [], 'response without a data envelope'), options);
  }
  const data = (json as { data: unknown }).data;
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Response of ${path} does not match its contract`, parsed.error.issues);
    return fail(new ApiError(response.status, null, [], 'response does not match its contract'), options);
  }
  return parsed.data;
}
