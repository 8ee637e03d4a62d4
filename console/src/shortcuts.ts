import { useEffect, useRef } from 'preact/hooks';

/**
 * Listens for single-key shortcuts on the page while mounted: `onKey` (the one of the latest render:
 * effects run after paint, and a key pressed in between must not meet stale state) sees every key pressed
 * outside a form field and without Ctrl, Meta or Alt.
 */
export function useShortcuts(onKey: (event: KeyboardEvent, target: HTMLElement) => void): void {
  const latest = useRef(onKey);
  latest.current = onKey;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.ctrlKey || event.metaKey || event.altKey || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) {
        return;
      }
      latest.current(event, target);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
