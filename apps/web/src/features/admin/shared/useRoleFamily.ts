import { type RoleFamily, isStaffRole, roleFamily, operatorRoles, type StaffRole } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';

export function useRoleFamily(): RoleFamily | null {
  const { role } = useSession();
  return isStaffRole(role) ? roleFamily[role] : null;
}

/** Operators (engineer, manager) work across organisations, so their lists show and filter by one. */
export function useIsOperator(): boolean {
  const { role } = useSession();
  return isStaffRole(role) && operatorRoles.has(role as StaffRole);
}

/**
 * GLOSSARY: a member is 住民 in a care organisation, 病患 in a hospital or clinic, 住客 in a hotel
 * and 個案 for guards and home care. Labels take it as {{term}}; `terms` is the plural heading form.
 */
export function useMemberTerm(): { term: string; terms: string } {
  const { t } = useTranslation();
  const family = useRoleFamily() ?? 'admin';
  return { term: t(`admin.memberTerm.${family}`), terms: t('menu.member', { context: family }) };
}
