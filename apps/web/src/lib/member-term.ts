import { type RoleFamily, isStaffRole, roleFamily } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from './session.ts';

export function useRoleFamily(): RoleFamily | null {
  const { role } = useSession();
  return isStaffRole(role) ? roleFamily[role] : null;
}

/**
 * docs/glossary.md: a member is 住民 in a care organisation, 病患 in a hospital or clinic, 住客 in a hotel
 * and 個案 for guards and home care. `term` goes inside a sentence ("{{term}}"), `label` stands
 * alone as a column or field name, `terms` is the plural heading.
 */
export function useMemberTerm(): { term: string; label: string; terms: string } {
  const { t } = useTranslation();
  const family = useRoleFamily() ?? 'admin';
  return {
    term: t(`admin.memberTerm.${family}`),
    label: t(`admin.memberLabel.${family}`),
    terms: t('menu.member', { context: family }),
  };
}
