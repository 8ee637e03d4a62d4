import { useEffect, useState } from 'preact/hooks';

/**
 * The browser's time, read again every `intervalMs`: what shows a time relative to now ("Due in 12
 * min") renders again as it passes, without asking the API for anything.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
