import type { Locale } from '@vigil/contracts';
// The console's own terms for what a report prints, copied from the web locale files by
// scripts/report-labels.ts (the server never imports the web app); labels.test.ts keeps them equal.
import labels from './labels.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };
const trees = labels as unknown as Record<Locale, Tree>;

/** A translator for one language: a dotted key, `{{name}}` filled from values; the key itself when missing. */
export function translator(lang: Locale): (key: string, values?: Record<string, string | number>) => string {
  return (key, values) => {
    let node: string | Tree | undefined = trees[lang];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    const text = typeof node === 'string' ? node : key;
    return values ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')) : text;
  };
}
