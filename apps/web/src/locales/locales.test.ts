import { describe, expect, it } from 'vitest';
import { Page, ValidationMessage, errorLabelKey, roleMenu, SYSTEM_ERROR_KEY, RoleFamily } from '@vigil/contracts';
import en from './en.json';
import zhTW from './zh-TW.json';

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function lookup(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
}

const enKeys = keys(en).sort();
const zhKeys = keys(zhTW).sort();

describe('locales', () => {
  it('en and zh-TW hold exactly the same keys', () => {
    expect(enKeys.filter((k) => !zhKeys.includes(k)), 'missing in zh-TW').toEqual([]);
    expect(zhKeys.filter((k) => !enKeys.includes(k)), 'missing in en').toEqual([]);
  });

  it('no message is empty', () => {
    for (const [name, messages] of [['en', en], ['zh-TW', zhTW]] as const) {
      for (const key of keys(messages)) expect(String(lookup(messages, key)).trim(), `${name}: ${key}`).not.toBe('');
    }
  });

  it('names every page for menus and breadcrumbs, and every menu group', () => {
    for (const page of Object.keys(Page)) {
      expect(lookup(en, `page.${page}`), `page.${page}`).toBeTypeOf('string');
      expect(lookup(en, `menu.${page}`), `menu.${page}`).toBeTypeOf('string');
    }
    const groups = new Set(Object.values(roleMenu).flatMap((menu) => menu.filter((g) => g.pages.length > 1).map((g) => g.group)));
    for (const group of groups) expect(lookup(en, `menu.group.${group}`), group).toBeTypeOf('string');
  });

  it('labels members per role family as the glossary says', () => {
    const expected: Record<RoleFamily, string> = { admin: '成員', org: '住民', pharmacy: '成員', hospital: '病患', clinic: '病患', hotel: '住客', guard: '個案' };
    for (const family of RoleFamily) {
      expect(lookup(zhTW, `breadcrumb.${family}.member`)).toBe(expected[family]);
      expect(lookup(zhTW, `menu.member_${family}`)).toBe(expected[family]);
    }
  });

  it('has every validation message and error toast of SPEC §5 and §8', () => {
    for (const key of [...Object.values(ValidationMessage), ...Object.values(errorLabelKey), SYSTEM_ERROR_KEY, 'error.downloadFailed', 'toast.success']) {
      expect(lookup(en, key), key).toBeTypeOf('string');
    }
    expect(lookup(en, 'common.noData')).toBe('No data');
    expect(lookup(zhTW, 'common.noData')).toBe('無資料');
    expect(lookup(zhTW, 'validation.passwordMismatch')).toBe('與新密碼不一致');
    expect(lookup(zhTW, 'error.system')).toBe('系統錯誤');
  });

  it('writes Chinese in traditional characters', () => {
    // Simplified forms whose traditional counterparts (設戶碼錄…) appear throughout this product.
    const simplified = /[设户码录应报务统对删择页选项间错误态与为们这么时个区员机构体种检测护医药单发现关联]/u;
    for (const key of keys(zhTW)) {
      const text = String(lookup(zhTW, key));
      expect(simplified.test(text), `${key}: ${text}`).toBe(false);
    }
  });
});
