import { bellHiddenRoles } from '@vigil/contracts';
import { AlertBell } from '../../features/abnormal/index.ts';
import { useSession } from '../../lib/session.ts';

/** Where the real-time alert bell sits in the top bar. SPEC §2 hides it for the engineer, manager, nursing aide and pharmacy roles. */
export function AlertBellSlot() {
  const { role } = useSession();
  if ((bellHiddenRoles as ReadonlySet<number>).has(role)) return null;
  return <AlertBell />;
}
