import { useState } from 'preact/hooks';

/**
 * One form's action at a time: `busy` while it runs (the submit button waits), and the error it
 * ended with, worded by `describe`.
 */
export function useAction(describe: (caught: unknown) => string) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
