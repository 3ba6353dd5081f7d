#!/usr/bin/env node
/**
 * Copies the wording notification messages need from the console's locale files
 * (apps/web/src/locales/{en,zh-TW}.json: `notify.mail`, `enum.abnormalType`, `enum.alertPriority`)
 * into apps/server/src/notify/messages.json, so a message says what the screen says while the
 * server never imports the web app. Re-run after changing those keys:
 *
 *   node scripts/write-notify-messages.mjs
 *
 * apps/server/src/notify/messages.test.ts checks the copy is current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function notifyMessages() {
  const out = {};
  for (const language of ['en', 'zh-TW']) {
    const locale = JSON.parse(readFileSync(join(root, 'apps/web/src/locales', `${language}.json`), 'utf8'));
    out[language] = {
      notify: { mail: locale.notify.mail },
      enum: { abnormalType: locale.enum.abnormalType, alertPriority: locale.enum.alertPriority },
    };
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(join(root, 'apps/server/src/notify/messages.json'), JSON.stringify(notifyMessages(), null, 2) + '\n');
  console.log('apps/server/src/notify/messages.json written');
}
