import { setTimeout as sleep } from 'node:timers/promises';

/** Tries of a statement or transaction refused by a conflict, the first included. */
const MAX_TRIES = 5;
const FIRST_BACKOFF_MS = 5;

/**
 * A commit refused because a concurrent one won: InnoDB's deadlock victim (1213, SQLSTATE 40001) and,
 * on Galera, a transaction that failed certification against a write committed on another node (also
 * reported as 1213). Nothing was written; the same work can simply run again.
 */
export function isCommitConflict(error: unknown): boolean {
  const driverError = (error as { driverError?: unknown } | null)?.driverError ?? error;
  const { errno, sqlState } = (driverError ?? {}) as { errno?: unknown; sqlState?: unknown };
  return errno === 1213 || sqlState === '40001';
}

/**
 * Runs `work` again after a commit conflict, at most MAX_TRIES times in all, with a jittered,
 * doubling pause (5, 10, 20, 40 ms on average) so two racing writers do not collide again in step.
 * The work must decide from what it reads inside, so the retry sees the winner's write (a conditional
 * UPDATE that now matches nothing, a duplicate key): that is how each write path answers as the
 * contract says (401 for the second refresh, 412 for the second PATCH, one id per Idempotency-Key).
 */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isCommitConflict(error) || attempt >= MAX_TRIES) {
        throw error;
      }
      await sleep(FIRST_BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}
