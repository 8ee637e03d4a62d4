import { useCallback, useRef } from 'preact/hooks';

/**
 * One rule for stale answers: of the requests made through the returned function, only the newest one's
 * answer (or failure) is applied; an answer to an older request (made under other filters, say) is dropped.
 */
export function useLatest(): <T>(
  request: () => Promise<T>,
  apply: (answer: T) => void,
  fail: (error: Error) => void,
) => Promise<void> {
  const newest = useRef(0);
  return useCallback(async (request, apply, fail) => {
    const asked = ++newest.current;
    try {
      const answer = await request();
      if (asked === newest.current) {
        apply(answer);
      }
    } catch (caught) {
      if (asked === newest.current) {
        fail(caught as Error);
      }
    }
  }, []);
}
