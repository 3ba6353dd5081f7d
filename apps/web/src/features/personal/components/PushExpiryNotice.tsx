import { useEffect, useRef } from 'react';
import { notify } from '../../../lib/notify.ts';
import { usePushOverview } from '../channels-api.ts';

/**
 * Tells the person, once per sign-in, that a device of theirs stopped receiving alerts (its push
 * service said the subscription is gone); the personal page lists which and lets them re-enable.
 */
export function PushExpiryNotice() {
  const overview = usePushOverview({ silent: true });
  const told = useRef(false);
  const expired = overview.data?.expired.length ?? 0;
  useEffect(() => {
    if (expired === 0 || told.current) return;
    told.current = true;
    notify({ variant: 'warning', key: 'channels.push.expiredToast', params: { count: expired } });
  }, [expired]);
  return null;
}
