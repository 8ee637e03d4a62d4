import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';

import { freePort } from '../test/support/processes';

export { freePort };

/** The Redis every bench uses (REDIS_URL, else the local one). */
export const BENCH_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A Redis prefix of one run's own: everything the bench starts works under it, never the default one a
 * real worker on the same Redis would consume, and the run deletes it at the end.
 */
export function runPrefixOf(): string {
  return `contact-intake-bench:${randomBytes(3).toString('hex')}`;
}

/** The settings of a service process the bench starts: production, the run's database and prefix, a new JWT secret. */
export function serviceEnv(databaseUrl: string, redisPrefix: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: BENCH_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ...extra,
  };
}

/** A realistic submission: what every bench sends (and bench/seal-cost.ts seals). */
export const SAMPLE_SUBMISSION = {
  name: 'Ada Lovelace',
  email: 'ada.lovelace@example.com',
  phone: '+44 20 7946 0958',
  business: 'Analytical Engines Ltd',
  message:
    'Hello, we would like to discuss a support contract for our team of twelve engineers. ' +
    'Could someone call us back this week? Mornings are best. Thank you!',
};

/** Resident set size of a process in bytes, from /proc (Linux). */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Samples the peak RSS of some processes until stopped. */
export function watchPeakRss(pids: number[]): () => number {
  let peak = 0;
  const sample = () => {
    for (const pid of pids) {
      try {
        peak = Math.max(peak, rssOf(pid));
      } catch {
        // the process has exited
      }
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/** Jiffies (USER_HZ) the whole machine spent busy and in all, from /proc/stat (Linux). */
function machineCpuTimes(): { busy: number; total: number; cores: number } {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  const fields = lines[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3] + fields[4]; // idle + iowait
  return { busy: total - idle, total, cores: lines.filter((line) => /^cpu\d/.test(line)).length };
}

/** Jiffies a process has run (user + system), from /proc/<pid>/stat; 0 once it has exited. */
function processCpuTime(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the line)
  } catch {
    return 0;
  }
}

export interface CpuUse {
  /** Percent of all cores busy: the service, the database, Redis and the load generator together. */
  machineBusy: number;
  /** The given processes' CPU, in percent of one core (a Node process's main thread tops out near 100). */
  processes: number;
}

/** Measures CPU use from now until stopped. */
export function watchCpu(pids: number[]): () => CpuUse {
  const start = machineCpuTimes();
  const startProcesses = pids.map(processCpuTime);
  return () => {
    const end = machineCpuTimes();
    const elapsed = Math.max(1, end.total - start.total) / end.cores; // jiffies of one core
    const used = pids.reduce((sum, pid, i) => sum + processCpuTime(pid) - startProcesses[i], 0);
    return {
      machineBusy: Math.round((100 * (end.busy - start.busy)) / Math.max(1, end.total - start.total)),
      processes: Math.round((100 * used) / elapsed),
    };
  };
}

export interface Server {
  child: ChildProcess;
  port: number;
  stop: () => Promise<void>;
}

/** Every server process started and not yet exited, for an interrupted run to stop by pid. */
export const liveServers = new Set<ChildProcess>();

/** Stops every server process still running (SIGTERM by pid) and waits until each has exited. */
export async function stopLiveServers(): Promise<void> {
  await Promise.all(
    [...liveServers].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          if (child.exitCode !== null || !child.kill('SIGTERM')) {
            resolve();
          }
        }),
    ),
  );
}

/** Starts a server process and waits until it answers on its port. */
export async function startServer(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<Server> {
  let output = '';
  // BENCH_SERVICE_LOG=FILE keeps what the servers log (their stdout) there, to look into an error.
  const log = env.BENCH_SERVICE_LOG ? openSync(env.BENCH_SERVICE_LOG, 'a') : 'ignore';
  const child = spawn(command, args, { env, stdio: ['ignore', log, 'pipe'] });
  liveServers.add(child);
  child.once('exit', () => liveServers.delete(child));
  if (typeof log === 'number') {
    closeSync(log); // the child has its own copy
  }
  const stderr = child.stderr!;
  stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${args.join(' ')} exited:\n${output}`);
    }
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: 'POST' });
      break;
    } catch {
      if (Date.now() > deadline) {
        throw new Error(`${args.join(' ')} did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    child,
    port,
    stop: async () => {
      if (child.exitCode === null) {
        process.kill(child.pid!, 'SIGTERM');
        await exited;
      }
    },
  };
}

export function createKey(env: NodeJS.ProcessEnv): { id: string; key: string } {
  const output = execFileSync(
    process.execPath,
    ['dist/cli.js', 'keys', 'create', '--name', 'bench', '--rate-limit', '1000000000', '--rate-window', '60', '--json'],
    { env },
  );
  return JSON.parse(output.toString()) as { id: string; key: string };
}

/** Runs the built CLI (`dist/cli.js`) with `env`, `input` on its stdin; its stdout. */
export function runCli(env: NodeJS.ProcessEnv, args: string[], input?: string): string {
  return execFileSync(process.execPath, ['dist/cli.js', ...args], { env, input }).toString();
}

/** An admin account made by the CLI, and the headers of a staff API token of its (`Authorization`, JSON). */
export function benchAdmin(env: NodeJS.ProcessEnv, email: string, name: string): Record<string, string> {
  const { id } = JSON.parse(
    runCli(env, ['staff', 'create', '--email', email, '--name', name, '--role', 'admin', '--json']),
  ) as { id: string };
  const { token } = JSON.parse(
    runCli(env, ['staff', 'token', 'create', '--staff', id, '--name', 'bench', '--json']),
  ) as { token: string };
  return { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
}

/** One API process (`dist/main.js`, ROLE=api) on a free loopback port; `nodeArgs` before the script. */
export async function startApi(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<Server & { base: string }> {
  const port = await freePort();
  const server = await startServer(
    process.execPath,
    [...nodeArgs, 'dist/main.js'],
    { ...env, ROLE: 'api', PORT: String(port), HOST: '127.0.0.1' },
    port,
  );
  return { ...server, base: `http://127.0.0.1:${port}` };
}

/** One query's latencies over a run of requests (milliseconds). */
export interface Timing {
  query: string;
  p50: number;
  p99: number;
  /** Items of the last answer (a list's page), or its members. */
  items: number;
}

/**
 * `requests` GETs of `path` one at a time (a person at the console) after 10 uncounted ones that warm
 * the caches (InnoDB's buffer pool, the service's JIT); p50 and p99 by nearest rank. Prints a line.
 */
export async function timeGet(
  base: string,
  token: string,
  label: string,
  path: string,
  requests: number,
): Promise<Timing> {
  const latencies: number[] = [];
  let items = 0;
  for (let i = 0; i < requests + 10; i++) {
    const before = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { items?: unknown[] };
    const elapsed = performance.now() - before;
    if (response.status !== 200) {
      throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    }
    items = body.items?.length ?? Object.keys(body).length;
    if (i >= 10) {
      latencies.push(elapsed);
    }
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Number(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1));
  const timing = { query: label, p50: at(0.5), p99: at(0.99), items };
  process.stdout.write(
    `${label.padEnd(44)} p50 ${String(timing.p50).padStart(6)} ms  p99 ${String(timing.p99).padStart(6)} ms  (${items} items)\n`,
  );
  return timing;
}

/**
 * A million submissions with their indexes take about 900 MB; MariaDB's default buffer pool is 128 MB,
 * so every query would read from disk. Sizes the pool as a server holding this data would be (1 GiB,
 * if smaller) and answers what puts the previous size back (through a connection of its own, so it
 * works after `dataSource` is closed).
 */
export async function sizeBufferPool(dataSource: DataSource, databaseUrl: string): Promise<() => Promise<void>> {
  const bytes = 1024 * 1024 * 1024;
  const [{ size }] = await dataSource.query<[{ size: string }]>('SELECT @@innodb_buffer_pool_size AS size');
  process.stdout.write(
    `buffer pool ${Math.max(Number(size), bytes) / 1024 / 1024} MB during the run (was ${Number(size) / 1024 / 1024} MB)\n`,
  );
  if (Number(size) >= bytes) {
    return () => Promise.resolve();
  }
  await dataSource.query(`SET GLOBAL innodb_buffer_pool_size = ${bytes}`);
  return async () => {
    const restore = new DataSource(buildDataSourceOptions({ url: databaseUrl, poolSize: 1, connectTimeoutMs: 5000 }));
    await restore.initialize();
    await restore.query(`SET GLOBAL innodb_buffer_pool_size = ${Number(size)}`);
    await restore.destroy();
  };
}
