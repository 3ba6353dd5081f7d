import { useEffect, useState } from 'react';
import { nowUnix } from '@vigil/contracts';

/** The current unix second, refreshed every `intervalMs` (relative times, countdowns, expiries). */
export function useNowSeconds(intervalMs: number): number {
  const [now, setNow] = useState(nowUnix);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(nowUnix()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
