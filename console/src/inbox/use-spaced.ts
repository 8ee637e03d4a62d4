import { useRef } from 'preact/hooks';

/**
 * Returns a trigger that runs `task` (the one of the latest render) at once, and during a burst at most once
 * per `spacingMs`, the last call after it.
 */
export function useSpaced(task: () => void, spacingMs: number): () => void {
  const latest = useRef(task);
  latest.current = task;
  const state = useRef<{ last: number; timer?: ReturnType<typeof setTimeout> }>({ last: 0 });
  return () => {
    if (state.current.timer !== undefined) {
      return;
    }
    const wait = state.current.last + spacingMs - Date.now();
    state.current.timer = setTimeout(
      () => {
        state.current = { last: Date.now() };
        latest.current();
      },
      Math.max(0, wait),
    );
  };
}
