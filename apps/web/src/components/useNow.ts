import { useEffect, useState } from 'react';

/** The time now, re-read every `intervalMs`, so "2 min ago" and countdowns stay true on a screen left open. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
