import { z } from 'zod';
import { unixSeconds } from './envelope.ts';

/** The channels that reach a person off the console (docs/notifications.md). */
export const notifyChannels = ['push', 'email', 'line'] as const;
export const notifyChannel = z.enum(notifyChannels);
export type NotifyChannel = z.infer<typeof notifyChannel>;

const priority = z.enum(['high', 'medium', 'low']);
export const notifyLanguage = z.enum(['en', 'zh-TW']);

/** Minutes after local midnight, 0–1439. */
const minuteOfDay = z.number().int().min(0).max(1439);

/** GET /personal/notify: the signed-in person's preferences, and which channels are live. */
export const notifyPreferencesDetail = z.object({
  language: notifyLanguage,
  /** Which priorities each channel carries for this person. */
  channels: z.object({ push: z.array(priority), email: z.array(priority), line: z.array(priority) }),
  quiet_start: minuteOfDay.nullable(),
  quiet_end: minuteOfDay.nullable(),
  utc_offset_minutes: z.number().int().min(-720).max(840),
  /** Channels switched off after failing again and again (the owner switches them back on). */
  disabled: z.array(z.object({ channel: notifyChannel, at: unixSeconds, reason: z.string() })),
  /** Channels the server can send on now (settings present). */
  live: z.array(notifyChannel),
  /** Where mail goes (the profile's email), null when none is given. */
  email: z.string().nullable(),
});
export type NotifyPreferencesDetail = z.infer<typeof notifyPreferencesDetail>;

/** PUT /personal/notify. Quiet hours are both set or both null; `enable` re-enables disabled channels. */
export const notifyPreferencesUpdate = z
  .strictObject({
    language: notifyLanguage,
    channels: z.strictObject({ push: z.array(priority).max(3), email: z.array(priority).max(3), line: z.array(priority).max(3) }),
    quiet_start: minuteOfDay.nullable(),
    quiet_end: minuteOfDay.nullable(),
    utc_offset_minutes: z.number().int().min(-720).max(840),
    enable: z.array(notifyChannel).max(3).optional(),
  })
  .refine((v) => (v.quiet_start === null) === (v.quiet_end === null), { path: ['quiet_end'], message: 'validation.invalidInput' });
export type NotifyPreferencesUpdate = z.infer<typeof notifyPreferencesUpdate>;

/** An organisation's acknowledgement timeout per priority, in minutes (GET/PUT /notify/policy). */
export const notifyPolicy = z.strictObject({
  high: z.number().int().min(1).max(120),
  medium: z.number().int().min(1).max(240),
  low: z.number().int().min(1).max(1440),
});
export type NotifyPolicy = z.infer<typeof notifyPolicy>;

/** Where a setting's value comes from: an environment variable wins over the settings page. */
export const settingSource = z.enum(['env', 'page', 'none']);

/** GET /notify/settings (operator): channel settings with secrets never shown. */
export const notifySettingsDetail = z.object({
  smtp: z.object({ source: settingSource, url_set: z.boolean(), from: z.string() }),
  line: z.object({ source: settingSource, base_url: z.string(), token_set: z.boolean(), secret_set: z.boolean() }),
  vapid: z.object({ source: settingSource, subject: z.string() }),
  live: z.array(notifyChannel),
});
export type NotifySettingsDetail = z.infer<typeof notifySettingsDetail>;

const smtpUrl = z.string().max(500).regex(/^smtps?:\/\//, 'validation.invalidInput');

/**
 * The SMTP server as the operator's page shows it, read from the stored SMTP URL (or `SMTP_URL`):
 * never the password, only whether one is set.
 */
export const smtpServerDetail = z.object({
  host: z.string(),
  port: z.number().int(),
  /** TLS from the first byte (smtps, usually port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean(),
  user: z.string(),
  password_set: z.boolean(),
});
export type SmtpServerDetail = z.infer<typeof smtpServerDetail>;

/** GET/PUT /notify/settings answer: the channels' settings, and the SMTP server in its parts. */
export const notifySettingsView = notifySettingsDetail.extend({ smtp_server: smtpServerDetail.nullable() });
export type NotifySettingsView = z.infer<typeof notifySettingsView>;

/** A host name or an IPv4 address, as an SMTP server is named. */
const hostName = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(253, 'validation.tooLong')
  .regex(/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/, 'validation.invalidInput');

/**
 * The SMTP server in parts (the page's form); the settings route makes the SMTP URL of them.
 * `password` omitted keeps the stored one (it is write-only); an empty `user` means no sign-in.
 */
export const smtpServerUpdate = z.strictObject({
  host: hostName,
  port: z.number({ error: 'validation.required' }).int('validation.invalidInput').min(1, 'validation.invalidInput').max(65535, 'validation.invalidInput'),
  secure: z.boolean(),
  user: z.string().trim().max(200, 'validation.tooLong'),
  password: z.string().max(200, 'validation.tooLong').optional(),
});
export type SmtpServerUpdate = z.infer<typeof smtpServerUpdate>;

/**
 * PUT /notify/settings: omitted fields keep their value; an empty string clears one. The SMTP
 * server comes either as one URL (`smtp_url`) or in parts (`smtp_server`, null clears it); parts
 * are checked against the server (connection and sign-in) before they are stored.
 */
export const notifySettingsUpdate = z
  .strictObject({
    smtp_url: z.union([smtpUrl, z.literal('')]).optional(),
    smtp_server: smtpServerUpdate.nullable().optional(),
    smtp_from: z.string().min(3, 'validation.invalidInput').max(200, 'validation.tooLong').optional(),
    line_base_url: z.union([z.url('validation.invalidInput').max(300), z.literal('')]).optional(),
    line_token: z.string().max(500).optional(),
    line_secret: z.string().max(200).optional(),
    vapid_subject: z.union([z.string().max(200).regex(/^(mailto:|https:\/\/)/, 'validation.invalidInput'), z.literal('')]).optional(),
  })
  .refine((v) => v.smtp_url === undefined || v.smtp_server === undefined, { path: ['smtp_server'], message: 'validation.invalidInput' });
export type NotifySettingsUpdate = z.infer<typeof notifySettingsUpdate>;

/** POST /notify/settings/test-mail: sends one mail now; the SMTP server's answer is returned. */
export const notifyTestMailRequest = z.strictObject({ to: z.email().max(120) });
export const notifyTestMailResult = z.object({ ok: z.boolean(), message: z.string() });

export const notifyReceiptStatus = z.enum(['queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled', 'suppressed']);
export type NotifyReceiptStatus = z.infer<typeof notifyReceiptStatus>;

/** GET /notify/receipts/{alertId}: every notification of one alert, tier by tier. */
export const notifyReceipt = z.object({
  id: z.number().int(),
  channel: notifyChannel,
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  tier: z.number().int(),
  repeat: z.number().int(),
  status: notifyReceiptStatus,
  due_at: unixSeconds,
  sent_at: unixSeconds.nullable(),
  attempts: z.number().int(),
  reason: z.string().nullable(),
});
export type NotifyReceipt = z.infer<typeof notifyReceipt>;
