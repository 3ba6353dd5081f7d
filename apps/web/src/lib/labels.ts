import type { TFunction } from 'i18next';
import type { RoleFamily, SidebarItem } from '@vigil/contracts';

/**
 * A sidebar label in the user's words: i18next's context picks `menu.member_hospital` (病患) over
 * `menu.member` when it exists, per the glossary's member terms by role family; an unknown key
 * falls back to the name the server sent.
 */
export function menuLabel(t: TFunction, item: Pick<SidebarItem, 'i18n' | 'name'>, family: RoleFamily | null): string {
  return t(item.i18n, { context: family ?? undefined, defaultValue: item.name });
}
