import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../../src/database/ensure-database';

/**
 * A database of the test file's own (the run's name plus a suffix), for tests that count rows across
 * the whole table; the app migrates it on start. `drop` removes it.
 */
export async function ownDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = `${process.env.DATABASE_URL}_${randomBytes(3).toString('hex')}`;
  await ensureDatabase(url);
  return { url, drop: () => dropDatabase(url) };
}
