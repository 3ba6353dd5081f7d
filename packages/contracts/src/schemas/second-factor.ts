import { z } from 'zod';
import { ValidationMessage } from '../rules/messages.ts';
import { loginField } from '../rules/text.ts';
import { unixSeconds } from './envelope.ts';
import { loginResponse } from './auth.ts';

/** Minutes a sign-in or step-up counts as recent for the actions that ask for one. */
export const STEP_UP_MINUTES = 5;
/** Recovery codes handed out when TOTP is confirmed; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The calls that need a recent sign-in or step-up (STEP_UP_MINUTES): changing roles and API
 * groups, another person's password, exporting. Checked by the server's guard; the console asks
 * for the password or a code first.
 */
export const stepUpPairs: ReadonlySet<string> = new Set([
  'PUT /role/{id}',
  'PATCH /role/{id}',
  'POST /api/group',
  'PUT /api/group/{id}',
  'PATCH /api/group/{id}',
  'DELETE /api/group/{id}',
  'PATCH /staff/password/{id}',
]);

export const SecondFactorMethod = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SecondFactorMethod)[number];

/** POST /login when the password was right and a second factor is awaited. */
export const secondFactorChallenge = z.object({
  second_factor: z.object({
    /** Names this sign-in in the second step; it lives five minutes and works once. */
    token: z.string(),
    methods: z.array(z.enum(SecondFactorMethod)),
  }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallenge>;

export const loginAnswer = z.union([loginResponse, secondFactorChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

const challengeToken = z.string({ error: ValidationMessage.required }).regex(/^[A-Za-z0-9_-]{20,100}$/, { message: ValidationMessage.invalidInput });

/** A six-digit TOTP code, or a recovery code (xxxxx-xxxxx). */
export const secondFactorCode = z
  .string({ error: ValidationMessage.required })
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i, { message: ValidationMessage.invalidInput });

/** POST /login/totp. */
export const loginTotpRequest = z.strictObject({ token: challengeToken, code: secondFactorCode });
export type LoginTotpRequest = z.infer<typeof loginTotpRequest>;

/** WebAuthn JSON as the browser library sends it; @simplewebauthn/server checks its inside. */
const webauthnJson = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
});

/** POST /login/passkey/options: with the token of a password sign-in, or alone for a passwordless one. */
export const passkeyOptionsRequest = z.strictObject({ token: challengeToken.optional() });
export type PasskeyOptionsRequest = z.infer<typeof passkeyOptionsRequest>;

/** The options for navigator.credentials, and the token that names the ceremony. */
export const passkeyOptionsResponse = z.object({ token: z.string(), options: z.record(z.string(), z.unknown()) });
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponse>;

/** POST /login/passkey. */
export const loginPasskeyRequest = z.strictObject({ token: challengeToken, response: webauthnJson });
export type LoginPasskeyRequest = z.infer<typeof loginPasskeyRequest>;

/** GET /personal/second-factor. */
export const secondFactorStatus = z.object({
  /** Whether the user's role in their organisation must have a second factor. */
  required: z.boolean(),
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.array(
    z.object({ id: z.string(), name: z.string(), created_at: unixSeconds, last_used_at: unixSeconds.nullable() }),
  ),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

/** POST /personal/totp: a new secret to put in an authenticator app, counted once confirmed. */
export const totpEnrolment = z.object({ secret: z.string(), uri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

/** POST /personal/totp/confirm: a code from the new authenticator. */
export const totpConfirmRequest = z.strictObject({
  code: z
    .string({ error: ValidationMessage.required })
    .trim()
    .regex(/^\d{6}$/, { message: ValidationMessage.invalidInput }),
});
export type TotpConfirmRequest = z.infer<typeof totpConfirmRequest>;

export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** POST /personal/passkey: the new credential and the name its owner gives it. */
export const passkeyRegisterRequest = z.strictObject({
  token: challengeToken,
  name: z.string({ error: ValidationMessage.required }).trim().min(1, { message: ValidationMessage.required }).max(60, { message: ValidationMessage.tooLong }),
  response: webauthnJson,
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequest>;

/** POST /personal/step-up: the password, or a code of the user's authenticator. */
export const stepUpRequest = z
  .strictObject({ password: loginField.optional(), code: secondFactorCode.optional() })
  .refine((v) => v.password !== undefined || v.code !== undefined, { path: ['password'], message: ValidationMessage.required });
export type StepUpRequest = z.infer<typeof stepUpRequest>;

/** One of the user's own sessions (GET /personal/session). */
export const sessionItem = z.object({
  /** A handle for ending it; not the token, nor anything a token can be made from. */
  id: z.string(),
  current: z.boolean(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: unixSeconds,
  last_seen_at: unixSeconds,
});
export type SessionItem = z.infer<typeof sessionItem>;

export const sessionHandleParam = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{32}$/, { message: ValidationMessage.invalidInput }),
});
