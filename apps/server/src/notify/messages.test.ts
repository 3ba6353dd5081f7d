import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
// @ts-expect-error: a plain ES module script without types
import { notifyMessages } from '../../../../scripts/write-notify-messages.mjs';
import { translate } from './templates.ts';

describe('notification messages', () => {
  it('are the current copy of the console locale files (node scripts/write-notify-messages.mjs)', () => {
    const copy = JSON.parse(readFileSync(new URL('./messages.json', import.meta.url), 'utf8'));
    expect(copy).toEqual(notifyMessages());
  });

  it('read in both languages, with placeholders filled', () => {
    expect(translate('en', 'notify.mail.repeat', { n: 2 })).toBe('Reminder 2: nobody has acknowledged this alert yet.');
    expect(translate('zh-TW', 'notify.mail.repeat', { n: 2 })).toContain('第 2 次提醒');
  });
});
