import { randomBytes } from 'node:crypto';
import { ownDatabase } from './own-database';
import { freePort, StartedProcess, startService } from './processes';
import { deleteKeysUnder } from './redis-keys';
import { staffAdminAt } from './service-calls';

/** A service process for a browser suite: its own database and Redis prefix, an admin, a key's token. */
export interface ConsoleService {
  base: string;
  env: Record<string, string>;
  service: StartedProcess;
  /** An access token of an API key named Website, for /contact_api.php. */
  token: string;
  /** Stops the process and removes its database and Redis keys. */
  stop: () => Promise<void>;
}

/**
 * Starts the built service (ROLE=api unless `extra` says otherwise) on a free port with a database and
 * a Redis prefix of its own, creates the admin `admin` (through the CLI, as an operator does) and an
 * API key, and exchanges the key for an access token.
 */
export async function startConsoleService(
  label: string,
  admin: { email: string; name: string; password: string },
  extra: Record<string, string> = {},
): Promise<ConsoleService> {
  const database = await ownDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: database.url,
    REDIS_PREFIX: `${process.env.REDIS_PREFIX}:${label}${randomBytes(3).toString('hex')}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    ROLE: 'api',
    ...extra,
  };
  const service = await startService(env);
  const staff = await staffAdminAt(base, env, admin);
  const { key } = await staff.createKey('Website', { rate_limit: 10000 });
  const auth = await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  return {
    base,
    env,
    service,
    token,
    stop: async () => {
      await service.stop();
      await deleteKeysUnder(process.env.REDIS_URL!, env.REDIS_PREFIX);
      await database.drop();
    },
  };
}
