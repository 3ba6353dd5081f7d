import { isStaffRole, operatorRoles, type StaffRole } from '@vigil/contracts';
import { useSession } from '../../../lib/session.ts';

/** Operators (engineer, manager) work across organisations, so their lists show and filter by one. */
export function useIsOperator(): boolean {
  const { role } = useSession();
  return isStaffRole(role) && operatorRoles.has(role as StaffRole);
}
