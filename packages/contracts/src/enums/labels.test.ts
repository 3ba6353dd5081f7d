import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labelledEnums } from './index.ts';

const localeDir = new URL('../../../../apps/web/src/locales/', import.meta.url);
const locales = {
  en: JSON.parse(readFileSync(new URL('en.json', localeDir), 'utf8')),
  'zh-TW': JSON.parse(readFileSync(new URL('zh-TW.json', localeDir), 'utf8')),
} as Record<string, Record<string, unknown>>;

function lookup(tree: Record<string, unknown>, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

function leafKeys(node: unknown, prefix: string): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => leafKeys(v, `${prefix}.${k}`));
}

const allKeys = Object.entries(labelledEnums).flatMap(([name, { values, labelKey }]) =>
  Object.entries(values).map(([member, code]) => ({
    name,
    member,
    code,
    key: (labelKey as Record<string, string>)[code],
  })),
);

describe('enum label keys', () => {
  it('gives every value of every labelled enum the key enum.<name>.<member>', () => {
    for (const { name, member, code, key } of allKeys) {
      expect(key, `${name} ${String(code)}`).toBe(`enum.${name}.${member}`);
    }
  });

  it('has no label key for a value the enum does not have', () => {
    for (const [name, { values, labelKey }] of Object.entries(labelledEnums)) {
      expect(Object.keys(labelKey).sort(), name).toEqual(Object.values(values).map(String).sort());
    }
  });

  for (const [locale, tree] of Object.entries(locales)) {
    it(`finds a non-empty text for every key in ${locale}.json`, () => {
      const missing = allKeys.filter(({ key }) => {
        const text = lookup(tree, key);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(missing.map(({ key }) => key)).toEqual([]);
    });

    it(`keeps no stale key under "enum" in ${locale}.json`, () => {
      const wanted = new Set(allKeys.map(({ key }) => key));
      expect(leafKeys(tree.enum, 'enum').filter((key) => !wanted.has(key))).toEqual([]);
    });
  }

  it('uses the glossary terms in zh-TW', () => {
    const zh = locales['zh-TW'];
    const expectations: Record<string, string> = {
      'enum.medicalState.homeHealthcare': '居家照護',
      'enum.medicalState.consultation': '就診',
      'enum.medicalState.nursingHome': '護理之家',
      'enum.role.nursingAide': '照顧服務員',
      'enum.orgType.care': '照護機構',
      'enum.handleState.notProcessed': '未處理',
      'enum.handleState.processed': '已處理',
      'enum.sleepStage.rem': '快速動眼期',
      'enum.sleepStage.fragmented': '片段睡眠',
      'enum.deviceType.spaceFall': '空間感測器（跌倒偵測模式）',
      'enum.deviceType.chylyngWatch': '4G 定位手錶',
      'enum.physiologicalKind.hrv': '心率變異',
      'enum.abnormalCategory.deviceIssue': '裝置異常',
    };
    for (const [key, text] of Object.entries(expectations)) expect(lookup(zh, key), key).toBe(text);
  });
});
