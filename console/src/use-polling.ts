import { useEffect, useRef } from 'preact/hooks';

/**
 * Runs `task` every `intervalMs` while the tab is visible, and once at once when it becomes visible
 * again: a console left open in a background tab sends nothing.
 */
export function usePolling(task: () => void, intervalMs: number): void {
  const latest = useRef(task);
  latest.current = task;
  useEffect(() => {
    const timer = setInterval(() => {
      if (!document.hidden) {
        latest.current();
      }
    }, intervalMs);
    const onVisible = () => {
      if (!document.hidden) {
        latest.current();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs]);
}
