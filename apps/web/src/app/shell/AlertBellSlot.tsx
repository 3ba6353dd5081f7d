import type { ComponentType } from 'react';
import { bellHiddenRoles } from '@vigil/contracts';
import { useSession } from '../../lib/session.ts';

/**
 * Where the real-time alert bell sits in the top bar. The bell arrives with the real-time feature,
 * which registers its component here; until then the slot renders nothing. SPEC §2 hides the bell
 * for the engineer, manager, nursing aide and pharmacy roles, whatever is registered.
 */
export const alertBell: { component: ComponentType | null } = { component: null };

export function AlertBellSlot() {
  const { role } = useSession();
  const Bell = alertBell.component;
  if (Bell === null || (bellHiddenRoles as ReadonlySet<number>).has(role)) return null;
  return <Bell />;
}
