import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Top-level sections of the web locale files a report prints, and which of their keys. */
const sections: Record<string, string[] | 'all'> = {
  report: 'all',
  menu: [
    'educate',
    'reconsultation',
    'symptom-manage',
    'diet-manage',
    'stethoscope',
    'health-report',
    'medical-record',
    'opd',
  ],
};
const enums = ['abnormalType', 'gender', 'medicalState', 'physiologicalKind', 'standardKind', 'unit'];

type Tree = { [key: string]: string | Tree };

/** The subset of both web locale files a report needs, read from apps/web (script and test only). */
export function reportLabelSubset(): Record<string, Tree> {
  const out: Record<string, Tree> = {};
  for (const lang of ['en', 'zh-TW']) {
    const file = fileURLToPath(new URL(`../../../../web/src/locales/${lang}.json`, import.meta.url));
    const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Tree>;
    const tree: Tree = {};
    for (const [section, keys] of Object.entries(sections)) {
      tree[section] =
        keys === 'all' ? all[section]! : Object.fromEntries(keys.map((k) => [k, all[section]![k]!]));
    }
    tree.enum = Object.fromEntries(enums.map((e) => [e, (all.enum as Tree)[e]!]));
    out[lang] = tree;
  }
  return out;
}
