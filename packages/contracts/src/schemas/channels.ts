import { z } from 'zod';
import { AbnormalCategory } from '../enums/abnormal.ts';
import { ValidationMessage } from '../rules/messages.ts';
import { optionalText, textField } from '../rules/text.ts';
import { id, optionalEmail } from './admin/common.ts';
import { auditFields, listQuery, unixSeconds } from './envelope.ts';
import { memberFields } from './care/common.ts';
import { Resource } from '../permissions/resources.ts';
import { resourceContract } from './resource.ts';

/**
 * The address books of the off-console channels (issue 27, docs/notifications.md "Channels"):
 * family contacts of a member, a staff member's web push subscriptions, an organisation's LINE
 * channel and the one-time codes that link a LINE user.
 */

/** What a family contact may be told about: falls, SOS and the member's own readings, never device upkeep. */
export const familyCategories = [AbnormalCategory.physiological, AbnormalCategory.fall, AbnormalCategory.sos] as const;
/** A new contact hears of falls and SOS calls unless the staff choose more. */
export const defaultFamilyCategories = [AbnormalCategory.fall, AbnormalCategory.sos];

/** The channels a family contact can be reached on: they have no console, so no web push. */
export const FamilyChannel = { line: 'line', email: 'email' } as const;
export type FamilyChannel = (typeof FamilyChannel)[keyof typeof FamilyChannel];
export const familyChannelSchema = z.enum(['line', 'email'], { error: ValidationMessage.invalidOption });
export const contactLanguageSchema = z.enum(['en', 'zh-TW'], { error: ValidationMessage.invalidOption });

export const familyCategoryList = z
  .array(z.union(familyCategories.map((c) => z.literal(c)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]], { error: ValidationMessage.invalidOption }))
  .max(familyCategories.length, { message: ValidationMessage.tooLong })
  .refine((list) => new Set(list).size === list.length, { message: ValidationMessage.invalidInput });

export const familyContactRow = z.object({
  id: z.number().int(),
  ...memberFields,
  name: z.string(),
  relation: z.string(),
  language: contactLanguageSchema,
  channel: familyChannelSchema,
  email: z.string().nullable(),
  /** Whether the contact has linked their LINE user by sending their code to the bot. */
  line_linked: z.boolean(),
  /** The live one-time code to send to the organisation's LINE bot, while not linked. */
  line_code: z.string().nullable(),
  categories: z.array(z.number().int()),
  enable: z.boolean(),
  ...auditFields,
});
export type FamilyContactRow = z.infer<typeof familyContactRow>;

const editable = {
  name: textField({ max: 50 }),
  /** "daughter", "兒子": free text in the family's own words. */
  relation: textField({ max: 30 }),
  language: contactLanguageSchema,
  channel: familyChannelSchema,
  /** Required when the channel is email. */
  email: optionalEmail,
  categories: familyCategoryList.optional(),
};

/** POST /user/family. */
export const familyContactCreate = z.strictObject({ member_id: id, ...editable, enable: z.boolean().optional() });
export type FamilyContactCreate = z.infer<typeof familyContactCreate>;
/** PUT/PATCH /user/family/{id}: a contact never moves to another member. */
export const familyContactUpdate = z.strictObject(editable);
export type FamilyContactUpdate = z.infer<typeof familyContactUpdate>;
/** user_id (the member), area_id. */
export const familyContactListQuery = listQuery(['id', 'name', 'created_at']);

export const familyContactResource = resourceContract({
  path: Resource.userFamily,
  row: familyContactRow,
  create: familyContactCreate,
  update: familyContactUpdate,
  listQuery: familyContactListQuery,
});

/** A browser's PushSubscription as `subscription.toJSON()` gives it (W3C Push API). */
export const pushSubscriptionRequest = z.strictObject({
  endpoint: z
    .string()
    .max(1000, { message: ValidationMessage.tooLong })
    .url({ message: ValidationMessage.invalidInput })
    .refine((v) => v.startsWith('https://'), { message: ValidationMessage.invalidInput }),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed (65 bytes), base64url. */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, { message: ValidationMessage.invalidInput }),
    /** The 16-byte authentication secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, { message: ValidationMessage.invalidInput }),
  }),
  label: optionalText(100),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

export const pushSubscriptionRow = z.object({
  id: z.number().int(),
  label: z.string(),
  created_at: unixSeconds,
  last_success_at: unixSeconds.nullable(),
});
export type PushSubscriptionRow = z.infer<typeof pushSubscriptionRow>;

/** GET /personal/push: this person's devices, the server's public key, and devices the push service dropped. */
export const pushOverview = z.object({
  /** The VAPID public key (base64url) a browser subscribes with. */
  public_key: z.string(),
  devices: z.array(pushSubscriptionRow),
  /** Devices removed since last looked at because their push service said they are gone (404/410). */
  expired: z.array(z.object({ label: z.string(), expired_at: unixSeconds })),
});
export type PushOverview = z.infer<typeof pushOverview>;

/** POST /push/acknowledge: the signed token a push notification carries for its action button. */
export const pushAcknowledgeRequest = z.strictObject({ token: z.string().min(10).max(500) });

/** PUT /line/channel: an organisation's LINE Messaging API channel (from the LINE Developers console). */
export const lineChannelRequest = z.strictObject({
  access_token: z.string().min(10, { message: ValidationMessage.invalidInput }).max(500, { message: ValidationMessage.tooLong }),
  channel_secret: z.string().regex(/^[0-9a-f]{32}$/, { message: ValidationMessage.invalidInput }),
});
export type LineChannelRequest = z.infer<typeof lineChannelRequest>;

/** GET /line/channel: whether the organisation's channel is connected (never the secrets). */
export const lineChannelStatus = z.object({ connected: z.boolean(), updated_at: unixSeconds.nullable(), webhook_path: z.string() });
export type LineChannelStatus = z.infer<typeof lineChannelStatus>;

/** GET/POST /personal/line: whether the caller's LINE user is linked, and a code to link it. */
export const lineLinkStatus = z.object({
  linked: z.boolean(),
  channel_connected: z.boolean(),
  code: z.string().nullable(),
  code_expires_at: unixSeconds.nullable(),
});
export type LineLinkStatus = z.infer<typeof lineLinkStatus>;
