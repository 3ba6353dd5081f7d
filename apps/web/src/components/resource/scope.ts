import { type StaffRole, areaResource, isStaffRole, operatorRoles } from '@vigil/contracts';
import { useSession } from '../../lib/session.ts';
import { useResourceOptions } from './api.ts';

/**
 * Tenant scope as a list shows it. Operators (engineer, manager) work across organisations, so
 * their lists show and filter by one.
 */
export function useIsOperator(): boolean {
  const { role } = useSession();
  return isStaffRole(role) && operatorRoles.has(role as StaffRole);
}

/** Areas of an organisation (the caller's own when orgId is undefined) as select options. */
export function useAreaOptions(orgId?: number, enabled = true) {
  const areas = useResourceOptions(areaResource, orgId === undefined ? {} : { org_id: orgId }, enabled);
  return (areas.data ?? []).map((a) => ({ value: a.id, label: a.name }));
}
