import { useCallback, useRef } from 'preact/hooks';

/**
 * Runs the tasks given to the returned function one at a time, in the order given: a task starts once
 * the one before has settled (so it reads what that one left), and its own promise answers its result.
 */
export function useOneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  const last = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback(<T>(task: () => Promise<T>) => {
    const run = last.current.then(task);
    last.current = run.catch(() => undefined);
    return run;
  }, []);
}
