import { abnormalTypeLabelKey, abnormalTypePriority, alertPriorityLabelKey, type AbnormalType } from '@vigil/contracts';
// The console's own wording, copied from its locale files by scripts/write-notify-messages.mjs:
// an alert reads the same on the screen and in a message.
import messages from './messages.json' with { type: 'json' };
import type { Language } from './channel.ts';

const locales: Record<Language, unknown> = messages;

/** The locale's text for a dotted key with `{{name}}` placeholders filled; the key itself if missing. */
export function translate(language: Language, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = locales[language];
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** What a message about an alert says, before it is put in a channel's form. */
export type AlertFacts = {
  type: number;
  memberName: string | null;
  deviceName: string | null;
  areaName: string | null;
  room: string | null;
  bed: string | null;
  value: string | number | null;
  occurTime: Date;
  utcOffsetMinutes: number;
};

/**
 * Title and body of an alert's message in the recipient's language (tier 3 and repeats say so). A
 * family contact's (`family`) names only their own member's alert, with no console link or
 * reading: they have no account, and are informed rather than asked to act.
 */
export function alertMessage(language: Language, facts: AlertFacts, link: string, opts: { tier: number; repeat: number; family?: boolean }) {
  const t = (key: string, values?: Record<string, string | number>) => translate(language, key, values);
  const type = t(abnormalTypeLabelKey[facts.type as AbnormalType] ?? `#${facts.type}`);
  const priority = t(alertPriorityLabelKey[abnormalTypePriority(facts.type)]);
  const who = facts.memberName ?? facts.deviceName ?? facts.areaName ?? '—';
  const where = [facts.areaName, facts.room, facts.bed].filter(Boolean).join(' / ') || t('notify.mail.unknownPlace');
  const local = new Date(facts.occurTime.getTime() + facts.utcOffsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
  const sign = facts.utcOffsetMinutes >= 0 ? '+' : '-';
  const offset = `UTC${sign}${String(Math.floor(Math.abs(facts.utcOffsetMinutes) / 60)).padStart(2, '0')}:${String(Math.abs(facts.utcOffsetMinutes) % 60).padStart(2, '0')}`;
  const lead = opts.repeat > 0 ? t('notify.mail.repeat', { n: opts.repeat }) + '\n\n' : opts.tier >= 3 ? t('notify.mail.escalated') + '\n\n' : '';
  const title = t('notify.mail.subject', { priority, type, who });
  if (opts.family) return { title, body: t('notify.mail.familyBody', { type, priority, who, where, when: `${local} ${offset}` }) };
  return {
    title,
    body: lead + t('notify.mail.body', { type, priority, who, where, when: `${local} ${offset}`, value: facts.value ?? t('notify.mail.noValue'), link }),
  };
}
