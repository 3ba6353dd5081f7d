import { z } from 'zod';
import { loginField, newPasswordField } from '../rules/text.ts';
import { ValidationMessage } from '../rules/messages.ts';

export const HttpMethod = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HttpMethod)[number];

/**
 * One entry of an API permission group: a route pattern (e.g. `/user/{id}`) and its method. FHIR's
 * routes keep FHIR's spelling: resource types in capitals, operations after `$` (`/fhir/R4/Group/{id}/$export`).
 */
export const apiPermission = z.object({
  route: z.string().min(1).max(200).regex(/^\/[A-Za-z0-9\-/{}$]*$/),
  method: z.enum(HttpMethod),
});
export type ApiPermission = z.infer<typeof apiPermission>;

/** SPEC §3: sidebar item; type 0 folder, type 1 page. */
export type SidebarItem = { path: string; i18n: string; type: 0 | 1; name: string; lower: SidebarItem[] };
export const sidebarItem: z.ZodType<SidebarItem> = z.lazy(() =>
  z.object({
    path: z.string(),
    i18n: z.string(),
    type: z.union([z.literal(0), z.literal(1)]),
    name: z.string(),
    lower: z.array(sidebarItem),
  }),
);

export const loginRequest = z.strictObject({ account: loginField, password: loginField });
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  name: z.string(),
  headshot: z.string().nullable(),
  id: z.number().int(),
  org_id: z.number().int(),
  area_id: z.number().int().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  access_token: z.string(),
  user: sessionUser,
  api: z.array(apiPermission),
  sidebar: z.array(sidebarItem),
  router: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const passwordChangeRequest = z
  .strictObject({
    old_password: loginField,
    new_password: newPasswordField,
    confirm_password: z.string({ error: ValidationMessage.required }),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: ValidationMessage.passwordMismatch,
  });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
