import { useEffect, useState } from 'react';

/**
 * The current time, re-read every `tickMs` until `settled(now)` says nothing on the page can
 * change any more. Reads `Date.now()`, so tests fix the clock with fake timers.
 */
export function useNow(tickMs: number, settled: (now: number) => boolean = () => false): number {
  const [now, setNow] = useState(() => Date.now());
  const done = settled(now);
  useEffect(() => {
    if (done) return;
    const id = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(id);
  }, [tickMs, done]);
  return now;
}
