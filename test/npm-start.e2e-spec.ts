import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ownDatabase } from './support/own-database';
import { freePort, track } from './support/processes';
import { uniquePrefix } from './support/test-app';
import { waitUntil } from './support/wait';

const ROOT = join(__dirname, '..');

/** The pids of a process's children (ps). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    return [];
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm start` as a new operator runs it: with no settings but the servers' addresses, it does not
 * rebuild what is built, says in a few lines where the console is and how to make the first admin,
 * and SIGTERM to the npm process itself stops the whole tree gracefully.
 */
describe('npm start', () => {
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const database = await ownDatabase();
    url = database.url;
    drop = database.drop;
  });
  afterAll(() => drop());

  it('starts without a rebuild or any setting, prints a short start-up, and stops the whole tree on SIGTERM to npm', async () => {
    const port = await freePort();
    const npm = track(
      spawn('npm', ['start'], {
        cwd: ROOT,
        // No STAFF_CHANNELS, no JWT_SECRET: only where the servers are (the run's own database and prefix).
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: url,
          REDIS_URL: process.env.REDIS_URL,
          REDIS_PREFIX: uniquePrefix(),
          PORT: String(port),
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    await waitUntil(
      () => {
        if (npm.child.exitCode !== null) {
          throw new Error(`npm start exited early:\n${npm.output()}`);
        }
        return npm.output().includes('No staff account yet');
      },
      'npm start',
      60_000,
    );
    const output = npm.output();
    expect(output).toContain('Build is up to date.');
    expect(output).not.toMatch(/nest build|vite/);
    expect(output).toContain(`Staff console: http://127.0.0.1:${port}/staff/`);
    expect(output).toContain("Staff channel: the service's own inbox (the console)");
    expect(output).toContain('npm run -s cli -- staff create --email you@example.com --name "Your Name" --role admin');
    // Short: no module list, no route table at the default level.
    expect(output).not.toMatch(/InstanceLoader|RoutesResolver|RouterExplorer|Mapped \{/);
    const serviceLines = output
      .split('\n')
      .filter((line) => /\[Bootstrap\]|"context":"Bootstrap"|Bootstrap/.test(line));
    expect(serviceLines.length).toBeLessThanOrEqual(8);
    expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);

    const tree = [npm.child.pid!, ...childrenOf(npm.child.pid!)];
    expect(tree.length).toBeGreaterThan(1);
    process.kill(npm.child.pid!, 'SIGTERM');
    await waitUntil(() => npm.child.exitCode !== null || npm.child.signalCode !== null, 'npm to exit', 20_000);
    await waitUntil(() => tree.every((pid) => !isAlive(pid)), 'every process of the tree to exit', 20_000);
    expect(npm.output()).toContain('SIGTERM received: finishing work in flight, then exiting');
    await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
  }, 120_000);

  it('says in one line, without a stack trace, why it cannot start', async () => {
    const port = await freePort();
    const npm = track(
      spawn('npm', ['start'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: 'mysql://root@127.0.0.1:1/contact_intake_nowhere',
          DB_CONNECT_TIMEOUT: '2000',
          REDIS_URL: process.env.REDIS_URL,
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    await waitUntil(() => npm.child.exitCode !== null, 'npm start to give up', 60_000);
    const refusal = npm
      .output()
      .split('\n')
      .filter((line) => line.startsWith('Cannot start:'));
    expect(refusal).toEqual([expect.stringContaining('check DATABASE_URL')]);
    expect(npm.output()).not.toMatch(/\n\s+at /);
  }, 90_000);
});
