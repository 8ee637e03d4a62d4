/**
 * `npm run bench [-- --compare] [-- --duration 10]`: starts the service (ROLE=api, NODE_ENV=production)
 * on a fresh benchmark database and drives it with autocannon at concurrency 1, 16 and 64:
 * (a) /contact_api.php, (b) /auth.php, (c) 1 auth per 50 submissions. Prints a table, writes
 * bench/results/latest.json, and fails on any non-2xx. Finally two API processes share the load and
 * one global limit.
 * `--compare` also starts bench/baseline twice, beside the service and each on a database of its own:
 * the naive one (an INSERT per request) and the grouped one (BASELINE_GROUPED=true: INSERTs grouped as
 * the service groups them). Every cell is measured on the three in turn, twice, and each keeps its
 * best; ratios are taken against both baselines. `--check` is the regression guard: service and
 * grouped baseline only, contact and auth at c=1 and c=64, 5 s, three turns each, the best ratios
 * compared with bench/expected.json (exit 1 when a throughput ratio falls more than 15 % below, or a
 * p99 ratio rises more than 15 % above, the recorded one); `--check --update` records them instead.
 * `--also DIR,...` adds the service built in other checkouts (earlier commits) as further targets of
 * the same turns, each on a database of its own. `--sla-policy` gives the service an SLA policy with
 * business hours that every submission matches, so intake chooses one and computes its due times.
 * `--rules N` gives it N enabled rules of `received` (bench/intake-rules.ts): all but three never
 * match the bench's submissions, three match the ones whose counter starts with 9 (a few per cent;
 * `--rules-match none` or `all`: none or every one).
 * `--fields N` gives the bench's key N custom fields (bench/intake-fields.ts) and every submission a
 * value for each (the service only: compare with a run without it).
 * `--scenario hostile-mail` measures the mail door instead (bench/hostile-mail.ts), `--scenario staff-list`
 * the staff list at a million rows (bench/staff-list.ts), `--scenario worker` one staff worker's delivery
 * pace (bench/worker-throughput.ts), `--scenario live-push` how soon a submission shows in an open
 * console (bench/live-push.ts), `--scenario attachments` what a 25 MiB file costs the API in memory
 * (bench/attachment-memory.ts), `--scenario reports` the reports at a million rows (bench/reports.ts),
 * `--scenario bulk` a bulk change of 500 submissions (bench/bulk-change.ts), `--scenario stalls` the
 * /health/live latency while a hostile SLA policy, mail on many rules and reports ahead are processed
 * (bench/stalls.ts), `--scenario field-filters` the list filtered by a custom select field at a million rows
 * (bench/field-filters.ts).
 * `--galera` instead compares the submit path at c=64 with three API processes on one MariaDB and on a
 * 3-node Galera cluster of its own (one process per node), and writes bench/results/galera.json.
 */
import autocannon, { Request, Result } from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { dropDatabase, ensureDatabase } from '../src/database/ensure-database';
import { startGaleraCluster } from '../test/support/galera';
import { deleteKeysUnder } from '../test/support/redis-keys';
import { runHostileMailBench } from './hostile-mail';
import { runWorkerBench } from './worker-throughput';
import { runLivePushBench } from './live-push';
import { runAttachmentMemoryBench } from './attachment-memory';
import { runStaffListBench } from './staff-list';
import { runReportsBench } from './reports';
import { runBulkChangeBench } from './bulk-change';
import { runStallsBench } from './stalls';
import { runFieldFiltersBench } from './field-filters';
import { addIntakeRules, RulesMatch } from './intake-rules';
import { defineIntakeFields, intakeFieldValues } from './intake-fields';
import {
  createKey,
  freePort,
  liveServers,
  SAMPLE_SUBMISSION,
  startServer,
  stopLiveServers,
  CpuUse,
  watchCpu,
  watchPeakRss,
} from './support';

const args = process.argv.slice(2);
const check = args.includes('--check');
const compare = args.includes('--compare') || check;
/** How far a ratio may move the wrong way before --check fails. */
const CHECK_TOLERANCE = 0.15;
/** --check measures every cell this many times per target (taking turns) and keeps each target's best. */
const CHECK_ROUNDS = 3;
/** --compare does the same, twice (as issue 28's measurement did). */
const COMPARE_ROUNDS = 2;
const EXPECTED_FILE = 'bench/expected.json';
const optionValue = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const duration = Number(optionValue('--duration') ?? (args.includes('--check') ? 5 : 10));
const galeraOnly = args.includes('--galera');
// The staff list at a million rows is a bench of its own (bench/staff-list.ts).
const staffListOnly = optionValue('--scenario') === 'staff-list';
// So are the mail door's hostile messages (bench/hostile-mail.ts).
const hostileMailOnly = optionValue('--scenario') === 'hostile-mail';
// And one worker's delivery pace (bench/worker-throughput.ts).
const workerOnly = optionValue('--scenario') === 'worker';
// And how soon a submission shows in an open console (bench/live-push.ts).
const livePushOnly = optionValue('--scenario') === 'live-push';
// And what a large file costs in memory (bench/attachment-memory.ts).
const attachmentsOnly = optionValue('--scenario') === 'attachments';
// And the reports at a million rows (bench/reports.ts).
const reportsOnly = optionValue('--scenario') === 'reports';
// And a bulk change of 500 submissions (bench/bulk-change.ts).
const bulkOnly = optionValue('--scenario') === 'bulk';
// And the stalls of issue 53: an SLA policy, rules on a large mail, reports ahead (bench/stalls.ts).
const stallsOnly = optionValue('--scenario') === 'stalls';
// And the list filtered by a custom select field at a million rows (bench/field-filters.ts).
const fieldFiltersOnly = optionValue('--scenario') === 'field-filters';
const ALL_SCENARIOS = ['contact', 'auth', 'mix'] as const;
type Scenario = (typeof ALL_SCENARIOS)[number];
// --scenario auth,mix and --connections 64 narrow a run for quick comparisons; the full run also
// measures two processes and the global limit.
// --galera measures the submit path at c=64, --check contact and auth at c=1 and c=64, unless told otherwise.
const SCENARIOS = (optionValue('--scenario')?.split(',') ??
  (galeraOnly ? ['contact'] : args.includes('--check') ? ['contact', 'auth'] : ALL_SCENARIOS)) as Scenario[];
const CONCURRENCY = (
  optionValue('--connections')?.split(',') ??
  (galeraOnly ? ['64'] : args.includes('--check') ? ['1', '64'] : ['1', '16', '64'])
).map(Number);
const partial = SCENARIOS.length < ALL_SCENARIOS.length || CONCURRENCY.length < 3;
if (
  (!staffListOnly &&
    !hostileMailOnly &&
    !workerOnly &&
    !livePushOnly &&
    !attachmentsOnly &&
    !reportsOnly &&
    !bulkOnly &&
    !stallsOnly &&
    !fieldFiltersOnly &&
    SCENARIOS.some((scenario) => !ALL_SCENARIOS.includes(scenario))) ||
  CONCURRENCY.some((c) => !(c >= 1))
) {
  throw new Error(
    `--scenario takes ${ALL_SCENARIOS.join(',')} staff-list, hostile-mail, worker, live-push, attachments, reports, bulk, stalls or field-filters; --connections takes positive numbers`,
  );
}

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/contact_intake_bench';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runPrefix = `contact-intake-bench:${randomBytes(3).toString('hex')}`;
// --profile DIR: every service process writes a V8 CPU profile there when it exits (see profile-summary.ts).
const profileDir = optionValue('--profile');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  // Everything the bench starts (servers, CLI) works under the run's prefix, never the default one a
  // real worker on the same Redis would consume; removeRunData() deletes it all at the end.
  REDIS_PREFIX: runPrefix,
  // The bench's services are ROLE=api; should one run a worker, it must not mark jobs delivered.
  STAFF_CHANNELS: 'none',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'log',
};

/**
 * Every submission says something new (a counter ends its message), so that none is held back as a
 * duplicate by the spam checks: the bench measures the clean path, the one real customers take.
 * The body is two fixed halves around the counter, so making it costs the load generator next to nothing.
 */
const FIELD_COUNT = optionValue('--fields') === undefined ? 0 : Number(optionValue('--fields'));
const [SUBMISSION_HEAD, SUBMISSION_TAIL] = JSON.stringify({
  ...SAMPLE_SUBMISSION,
  message: `${SAMPLE_SUBMISSION.message} #\u0000`,
  ...(FIELD_COUNT > 0 ? { fields: intakeFieldValues(FIELD_COUNT) } : {}),
}).split('\\u0000');
let submissionsSent = 0;
const nextSubmission = (request: Request): Request => ({
  ...request,
  body: `${SUBMISSION_HEAD}${++submissionsSent}${SUBMISSION_TAIL}`,
});

interface Scaling {
  processes: number;
  connections: number;
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
  peakRssMbPerProcess: number;
  cpu: CpuUse;
}

interface GlobalLimit {
  calls: number;
  succeeded: number;
  limit: number;
}

interface Measurement {
  target: string;
  scenario: Scenario;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  peakRssMb: number;
  cpu: CpuUse;
}

async function tokenFor(port: number, key: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } });
  if (!response.ok) {
    throw new Error(`/auth.php answered ${response.status}`);
  }
  return ((await response.json()) as { access_token: string }).access_token;
}

function requestsFor(scenario: Scenario, key: string, token: string): Request[] {
  const contact: Request = {
    method: 'POST',
    path: '/contact_api.php',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    setupRequest: nextSubmission,
  };
  const auth: Request = { method: 'POST', path: '/auth.php', headers: { 'x-api-key': key } };
  if (scenario === 'contact') {
    return [contact];
  }
  if (scenario === 'auth') {
    return [auth];
  }
  return [auth, ...Array<Request>(50).fill(contact)];
}

/** A run's result, with p50 and p99 taken from every response's own time (see fire). */
type Fired = Result & { exact: { p50: number; p99: number } };

/**
 * One autocannon run. Its histogram keeps whole milliseconds, too coarse where a p99 is 1-3 ms (c=1:
 * 2 against 3 ms read as a ratio of 1.5); the percentiles here come from every response's own time
 * (autocannon measures each with hrtime), to a hundredth of a millisecond.
 */
async function fire(port: number, requests: Request[], connections: number, seconds: number): Promise<Fired> {
  const times: number[] = [];
  // Without a callback autocannon answers a promise that is also its event emitter.
  const run = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests,
  }) as Promise<Result> & NodeJS.EventEmitter;
  const events: NodeJS.EventEmitter = run;
  events.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await run;
  times.sort((a, b) => a - b);
  const percentile = (share: number) =>
    times.length ? Math.round(times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)] * 100) / 100 : 0;
  return Object.assign(result, { exact: { p50: percentile(0.5), p99: percentile(0.99) } });
}

/** A server under measurement: its processes, and a key (and token) of its own database. */
interface Target {
  name: string;
  ports: number[];
  pids: number[];
  key: string;
  token: string;
}

async function targetOf(name: string, ports: number[], pids: number[], key: string): Promise<Target> {
  return { name, ports, pids, key, token: await tokenFor(ports[0], key) };
}

/**
 * Warm-up of every scenario to be measured (JIT, pools, caches): with only the submit path warmed,
 * the first auth measurement also timed the compilation of its code, and c=1 runs moved by 20 %.
 */
async function warm(target: Target): Promise<void> {
  for (const scenario of SCENARIOS) {
    await fire(target.ports[0], requestsFor(scenario, target.key, target.token), 16, 3);
  }
}

/** One cell: a scenario at a concurrency on a target, its load shared by the target's processes. */
async function measureCell(target: Target, scenario: Scenario, connections: number): Promise<Measurement> {
  const stopWatching = watchPeakRss(target.pids);
  const stopCpu = watchCpu(target.pids);
  const runs = await Promise.all(
    target.ports.map((port) =>
      fire(
        port,
        requestsFor(scenario, target.key, target.token),
        Math.max(1, connections / target.ports.length),
        duration,
      ),
    ),
  );
  const peakRss = stopWatching();
  const cpu = stopCpu();
  const measurement: Measurement = {
    target: target.name,
    scenario,
    connections,
    requestsPerSecond: Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0)),
    p50: Math.max(...runs.map((run) => run.exact.p50)),
    p99: Math.max(...runs.map((run) => run.exact.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    cpu,
  };
  process.stdout.write(
    `${target.name.padEnd(18)} ${scenario.padEnd(8)} c=${String(connections).padEnd(3)} ` +
      `${String(measurement.requestsPerSecond).padStart(6)} req/s  p50 ${measurement.p50} ms  p99 ${measurement.p99} ms  ` +
      `non-2xx ${measurement.non2xx}  rss ${measurement.peakRssMb} MB  cpu ${measurement.cpu.processes}% of a core, machine ${measurement.cpu.machineBusy}%\n`,
  );
  return measurement;
}

/**
 * Every cell on every target, the targets taking turns within each cell, `rounds` times over (the
 * servers all run at once, each on its own database), so that a neighbour's load on this shared
 * machine falls on both sides of a ratio. Per target and cell the best round counts: its highest
 * throughput and its lowest p99 (with that round's p50 and CPU); non-2xx answers of every round add
 * up, and the peak RSS is the highest seen.
 */
async function measureAlternating(targets: Target[], rounds: number): Promise<Measurement[][]> {
  for (const target of targets) {
    await warm(target);
  }
  const results: Measurement[][] = targets.map(() => []);
  for (const scenario of SCENARIOS) {
    for (const connections of CONCURRENCY) {
      const seen: Measurement[][] = targets.map(() => []);
      for (let round = 0; round < rounds; round++) {
        for (const [i, target] of targets.entries()) {
          seen[i].push(await measureCell(target, scenario, connections));
        }
      }
      seen.forEach((cell, i) => results[i].push(bestCell(cell)));
    }
  }
  return results;
}

function bestCell(rounds: Measurement[]): Measurement {
  const fastest = rounds.reduce((best, m) => (m.requestsPerSecond > best.requestsPerSecond ? m : best));
  return {
    ...fastest,
    p99: Math.min(...rounds.map((m) => m.p99)),
    non2xx: rounds.reduce((sum, m) => sum + m.non2xx, 0),
    peakRssMb: Math.max(...rounds.map((m) => m.peakRssMb)),
  };
}

async function measure(target: string, ports: number[], pids: number[], key: string): Promise<Measurement[]> {
  const [results] = await measureAlternating([await targetOf(target, ports, pids, key)], 1);
  return results;
}

/**
 * Ctrl-C or SIGTERM: stops the servers it started (by pid) and removes the run's database and Redis
 * keys, as a finished run does, before exiting.
 */
function cleanUpOnInterrupt(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`bench: ${signal}, stopping ${liveServers.size} server(s) and removing the run's data\n`);
      void stopLiveServers()
        .then(() => removeRunData())
        .finally(() => process.exit(130));
    });
  }
}

/** `count` API processes (the i-th on `databaseUrls[i]`, else the bench database) for `work`. */
async function withService<T>(
  count: number,
  work: (ports: number[], pids: number[]) => Promise<T>,
  prefix: string,
  databaseUrls: string[] = [],
  entry = 'dist/main.js',
): Promise<T> {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      servers.push(
        await startServer(
          process.execPath,
          [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), entry],
          {
            ...env,
            ROLE: 'api',
            PORT: String(port),
            HOST: '127.0.0.1',
            REDIS_PREFIX: prefix,
            DATABASE_URL: databaseUrls[i] ?? databaseUrl,
          },
          port,
        ),
      );
    }
    return await work(
      servers.map((server) => server.port),
      servers.map((server) => server.child.pid!),
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** bench/baseline/server.ts, naive or grouping its INSERTs and queue adds as the service does. */
async function withBaseline<T>(
  grouped: boolean,
  work: (ports: number[], pids: number[]) => Promise<T>,
  prefix: string,
  url = databaseUrl,
): Promise<T> {
  const port = await freePort();
  const server = await startServer(
    process.execPath,
    [
      ...(profileDir
        ? [
            '--cpu-prof',
            `--cpu-prof-dir=${profileDir}`,
            `--cpu-prof-name=baseline-${grouped ? 'grouped' : 'naive'}.cpuprofile`,
          ]
        : []),
      '-r',
      'ts-node/register/transpile-only',
      'bench/baseline/server.ts',
    ],
    { ...env, PORT: String(port), REDIS_PREFIX: prefix, BASELINE_GROUPED: String(grouped), DATABASE_URL: url },
    port,
  );
  try {
    return await work([port], [server.child.pid!]);
  } finally {
    await server.stop();
  }
}

/** Two processes, one key with limit 500: exactly 500 of 1000 alternating calls may succeed. */
async function globalLimitAcrossProcesses(ports: number[]): Promise<GlobalLimit> {
  const limit = 500;
  const output = createKey({ ...env });
  const { execFileSync } = await import('node:child_process');
  execFileSync(
    process.execPath,
    ['dist/cli.js', 'keys', 'set-limit', output.id, '--rate-limit', String(limit), '--rate-window', '60'],
    {
      env,
    },
  );
  let succeeded = 0;
  const calls = 1000;
  for (let start = 0; start < calls; start += 50) {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`http://127.0.0.1:${ports[(start + i) % ports.length]}/auth.php`, {
          method: 'POST',
          headers: { 'X-API-KEY': output.key },
        }).then((response) => response.status),
      ),
    );
    succeeded += statuses.filter((status) => status === 200).length;
  }
  return { calls, succeeded, limit };
}

/** Two API processes share the contact load at c=64, then one global limit. */
function measureTwoProcesses(key: string): Promise<{ scaling: Scaling; globalLimit: GlobalLimit }> {
  return withService(
    2,
    async (ports, pids) => {
      const token = await tokenFor(ports[0], key);
      const stopWatching = watchPeakRss(pids);
      const stopCpu = watchCpu(pids);
      const runs = await Promise.all(ports.map((port) => fire(port, requestsFor('contact', key, token), 32, duration)));
      const peak = stopWatching();
      const cpu = stopCpu();
      return {
        scaling: {
          processes: 2,
          connections: 64,
          requestsPerSecond: Math.round(runs.reduce((sum, run) => sum + run.requests.average, 0)),
          p99: Math.max(...runs.map((run) => run.exact.p99)),
          non2xx: runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
          peakRssMbPerProcess: Math.round(peak / 1024 / 1024),
          cpu,
        },
        globalLimit: await globalLimitAcrossProcesses(ports),
      };
    },
    `${runPrefix}:two`,
  );
}

/** Deletes every Redis key of this run (queues, limits) and drops the bench database, however the run ended. */
async function removeRunData(): Promise<void> {
  await deleteKeysUnder(redisUrl, runPrefix);
  const builds = (optionValue('--also')?.split(',') ?? []).map((_, i) => `${databaseUrl}_also${i}`);
  for (const url of [databaseUrl, ...Object.values(BASELINE_DATABASES), ...builds]) {
    await dropDatabase(url);
  }
}

/**
 * The submit path at c=64 with three API processes: on one MariaDB (the bench database), then on a
 * 3-node Galera cluster started here (one process per node; everything shares the same two cores).
 */
async function runGalera(): Promise<void> {
  await migrate(databaseUrl);
  const single = await withService(
    3,
    (ports, pids) => measure('one MariaDB', ports, pids, createKey(env).key),
    `${runPrefix}:single`,
  );
  const galera = await startGaleraCluster();
  try {
    const urls = galera.nodes.map((node) => `${node.url}/contact_intake_bench`);
    await migrate(urls[0]);
    const clustered = await withService(
      3,
      (ports, pids) => measure('Galera, 3 nodes', ports, pids, createKey({ ...env, DATABASE_URL: urls[0] }).key),
      `${runPrefix}:galera`,
      urls,
    );
    process.stdout.write(
      '\n| database | API processes | c | req/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|---|\n',
    );
    for (const m of [...single, ...clustered]) {
      process.stdout.write(
        `| ${m.target} | 3 | ${m.connections} | ${m.requestsPerSecond} | ${m.p50} | ${m.p99} | ${m.non2xx} |\n`,
      );
    }
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      'bench/results/galera.json',
      `${JSON.stringify({ date: new Date().toISOString(), duration, single, galera: clustered }, null, 2)}\n`,
    );
  } finally {
    await galera.stop();
  }
}

async function migrate(url: string): Promise<void> {
  await dropDatabase(url);
  await ensureDatabase(url);
  const dataSource = new DataSource(buildDataSourceOptions({ url, poolSize: 2, connectTimeoutMs: 5000 }));
  await dataSource.initialize();
  await dataSource.runMigrations();
  await dataSource.destroy();
}

async function main(): Promise<void> {
  if (staffListOnly) {
    return runStaffListBench();
  }
  if (hostileMailOnly) {
    return runHostileMailBench();
  }
  if (workerOnly) {
    return runWorkerBench();
  }
  if (livePushOnly) {
    return runLivePushBench();
  }
  if (attachmentsOnly) {
    return runAttachmentMemoryBench();
  }
  if (reportsOnly) {
    return runReportsBench();
  }
  if (bulkOnly) {
    return runBulkChangeBench();
  }
  if (stallsOnly) {
    return runStallsBench();
  }
  if (fieldFiltersOnly) {
    return runFieldFiltersBench();
  }
  if (galeraOnly) {
    try {
      return await runGalera();
    } finally {
      await removeRunData();
    }
  }
  try {
    await run();
  } finally {
    await removeRunData();
  }
}

/** With --compare, each baseline runs beside the service on a database of its own. */
const BASELINE_DATABASES = { naive: `${databaseUrl}_naive`, grouped: `${databaseUrl}_grouped` };

/** The service, and with --compare the baselines (the naive one not under --check), all running at once. */
async function measureTargets(
  key: string,
): Promise<{ service: Measurement[]; naive: Measurement[]; grouped: Measurement[]; others: Measurement[] }> {
  const baselines: { grouped: boolean; name: string; url: string }[] = [];
  if (compare && !check) {
    baselines.push({ grouped: false, name: 'baseline', url: BASELINE_DATABASES.naive });
  }
  if (compare) {
    baselines.push({ grouped: true, name: 'baseline grouped', url: BASELINE_DATABASES.grouped });
  }
  // --also DIR,...: the service built in other checkouts (earlier commits, say), measured in the same turns.
  const builds = (optionValue('--also')?.split(',') ?? []).map((dir, i) => ({
    dir,
    name: `service@${basename(dir)}`,
    url: `${databaseUrl}_also${i}`,
  }));
  for (const { url } of [...baselines, ...builds]) {
    await migrate(url);
  }
  const withBuilds = async (index: number): Promise<Measurement[][]> => {
    if (index === builds.length) {
      return measureAlternating(targets, rounds);
    }
    const { dir, name, url } = builds[index];
    const buildKey = createKey({ ...env, DATABASE_URL: url }).key;
    return withService(
      1,
      async (ports, pids) => {
        targets.push(await targetOf(name, ports, pids, buildKey));
        return withBuilds(index + 1);
      },
      `${runPrefix}:also${index}`,
      [url],
      join(dir, 'dist/main.js'),
    );
  };
  const rounds = check ? CHECK_ROUNDS : compare ? COMPARE_ROUNDS : 1;
  const targets: Target[] = [];
  const run = async (index: number): Promise<Measurement[][]> => {
    if (index === baselines.length) {
      return withBuilds(0);
    }
    const { grouped, name, url } = baselines[index];
    const baselineKey = createKey({ ...env, DATABASE_URL: url }).key;
    return withBaseline(
      grouped,
      async (ports, pids) => {
        targets.push(await targetOf(name, ports, pids, baselineKey));
        return run(index + 1);
      },
      `${runPrefix}:${grouped ? 'grouped' : 'naive'}`,
      url,
    );
  };
  const results = await withService(
    1,
    async (ports, pids) => {
      targets.push(await targetOf('service', ports, pids, key));
      return run(0);
    },
    `${runPrefix}:service`,
  );
  const of = (name: string) => results[targets.findIndex((target) => target.name === name)] ?? [];
  return {
    service: of('service'),
    naive: of('baseline'),
    grouped: of('baseline grouped'),
    others: builds.flatMap((build) => of(build.name)),
  };
}

/**
 * An SLA policy every submission matches, with business hours (the dearest case at intake: a due time
 * counted through a week's calendar in a time zone), for `--sla-policy`.
 */
async function addSlaPolicy(url: string): Promise<void> {
  const dataSource = new DataSource(buildDataSourceOptions({ url, poolSize: 1, connectTimeoutMs: 5000 }));
  await dataSource.initialize();
  const day = [
    ['09:00', '12:30'],
    ['13:30', '17:00'],
  ];
  const hours = {
    time_zone: 'Europe/Berlin',
    week: { mon: day, tue: day, wed: day, thu: day, fri: day },
    holidays: ['2026-12-25'],
  };
  await dataSource.query(
    'INSERT INTO sla_policies (id, name, position, first_response_minutes, resolution_minutes, business_hours, applies_to, created_at, updated_at) ' +
      'VALUES (UUID(), ?, 1, 60, 960, ?, ?, NOW(3), NOW(3))',
    ['Bench office hours', JSON.stringify(hours), '{}'],
  );
  await dataSource.destroy();
}

async function run(): Promise<void> {
  await migrate(databaseUrl);
  if (args.includes('--sla-policy')) {
    await addSlaPolicy(databaseUrl);
  }
  if (optionValue('--rules') !== undefined) {
    await addIntakeRules(
      databaseUrl,
      Number(optionValue('--rules')),
      (optionValue('--rules-match') ?? 'few') as RulesMatch,
    );
  }
  const { id: keyId, key } = createKey(env);
  if (FIELD_COUNT > 0) {
    defineIntakeFields(env, keyId, FIELD_COUNT);
  }
  process.stdout.write(`duration ${duration} s per run; database ${databaseUrl}\n\n`);

  const { service, naive, grouped, others } = await measureTargets(key);
  const twoProcesses = partial || check ? null : await measureTwoProcesses(key);

  const ratios = naive.length ? ratiosOf(service, naive) : [];
  const groupedRatios = grouped.length ? ratiosOf(service, grouped) : [];

  process.stdout.write(
    '\n| target | scenario | c | req/s | p50 ms | p99 ms | non-2xx | CPU ms / 1,000 req | peak RSS MB | CPU % of a core | machine busy |\n' +
      '|---|---|---|---|---|---|---|---|---|---|---|\n',
  );
  for (const m of [...service, ...naive, ...grouped, ...others]) {
    process.stdout.write(
      `| ${m.target} | ${m.scenario} | ${m.connections} | ${m.requestsPerSecond} | ${m.p50} | ${m.p99} | ${m.non2xx} | ` +
        `${cpuPerThousand(m)} | ${m.peakRssMb} | ${m.cpu.processes} | ${m.cpu.machineBusy}% |\n`,
    );
  }
  for (const [label, list] of [
    ['naive baseline', ratios],
    ['grouped baseline', groupedRatios],
  ] as const) {
    if (list.length) {
      process.stdout.write(
        `\n| scenario | c | throughput service/${label} | p99 service/${label} |\n|---|---|---|---|\n`,
      );
      for (const r of list) {
        process.stdout.write(`| ${r.scenario} | ${r.connections} | ${r.throughput} | ${r.p99} |\n`);
      }
    }
  }
  if (grouped.length) {
    for (const name of new Set(others.map((m) => m.target))) {
      process.stdout.write(
        `\n| scenario | c | throughput ${name}/grouped baseline | p99 ${name}/grouped baseline |\n|---|---|---|---|\n`,
      );
      for (const r of ratiosOf(
        others.filter((m) => m.target === name),
        grouped,
      )) {
        process.stdout.write(`| ${r.scenario} | ${r.connections} | ${r.throughput} | ${r.p99} |\n`);
      }
    }
  }
  if (twoProcesses) {
    const { scaling, globalLimit } = twoProcesses;
    process.stdout.write(
      `\ntwo API processes, contact, c=64: ${scaling.requestsPerSecond} req/s (one process at c=64: ` +
        `${service.find((m) => m.scenario === 'contact' && m.connections === 64)!.requestsPerSecond}), p99 ${scaling.p99} ms, ` +
        `non-2xx ${scaling.non2xx}, peak RSS ${scaling.peakRssMbPerProcess} MB, CPU ${scaling.cpu.processes}% of a core for both, machine busy ${scaling.cpu.machineBusy}%\n` +
        `global limit across both: ${globalLimit.succeeded} of ${globalLimit.calls} calls succeeded with limit ${globalLimit.limit}\n`,
    );
  }

  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/latest.json',
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        duration,
        service,
        naive,
        grouped,
        others,
        ratios,
        groupedRatios,
        ...twoProcesses,
      },
      null,
      2,
    )}\n`,
  );

  const failures =
    [...service, ...naive, ...grouped].filter((m) => m.non2xx > 0).length + (twoProcesses?.scaling.non2xx ? 1 : 0);
  const limitHeld = !twoProcesses || twoProcesses.globalLimit.succeeded === twoProcesses.globalLimit.limit;
  if (failures > 0 || !limitHeld) {
    throw new Error(`${failures} run(s) with non-2xx answers; global limit held: ${limitHeld}`);
  }
  if (check) {
    checkAgainstExpected(groupedRatios);
  }
}

/** Service/baseline ratios for each scenario and concurrency both measured. */
function ratiosOf(service: Measurement[], baseline: Measurement[]): Ratio[] {
  return service.map((s) => {
    const b = baseline.find((m) => m.scenario === s.scenario && m.connections === s.connections)!;
    return {
      scenario: s.scenario,
      connections: s.connections,
      throughput: Number((s.requestsPerSecond / b.requestsPerSecond).toFixed(2)),
      p99: Number((s.p99 / Math.max(0.01, b.p99)).toFixed(2)),
    };
  });
}

interface Ratio {
  scenario: Scenario;
  connections: number;
  throughput: number;
  p99: number;
}

/** Milliseconds of the measured processes' CPU time per 1,000 requests. */
function cpuPerThousand(m: Measurement): number {
  return Math.round((m.cpu.processes * 10_000) / Math.max(1, m.requestsPerSecond));
}

/**
 * The regression guard: each service/grouped-baseline ratio against bench/expected.json. With
 * --update, records the measured ratios as the new expectation.
 */
function checkAgainstExpected(measured: Ratio[]): void {
  if (args.includes('--update')) {
    writeFileSync(EXPECTED_FILE, `${JSON.stringify({ date: new Date().toISOString(), ratios: measured }, null, 2)}\n`);
    process.stdout.write(`\nrecorded ${measured.length} ratios in ${EXPECTED_FILE}\n`);
    return;
  }
  const expected = (JSON.parse(readFileSync(EXPECTED_FILE, 'utf8')) as { ratios: Ratio[] }).ratios;
  const problems: string[] = [];
  for (const ratio of measured) {
    const recorded = expected.find((e) => e.scenario === ratio.scenario && e.connections === ratio.connections);
    if (!recorded) {
      continue;
    }
    if (ratio.throughput < recorded.throughput * (1 - CHECK_TOLERANCE)) {
      problems.push(
        `${ratio.scenario} c=${ratio.connections}: throughput ratio ${ratio.throughput}, recorded ${recorded.throughput}`,
      );
    }
    if (ratio.p99 > recorded.p99 * (1 + CHECK_TOLERANCE)) {
      problems.push(`${ratio.scenario} c=${ratio.connections}: p99 ratio ${ratio.p99}, recorded ${recorded.p99}`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`slower than ${EXPECTED_FILE} allows (${CHECK_TOLERANCE * 100} %):\n  ${problems.join('\n  ')}`);
  }
  process.stdout.write(`\nwithin ${CHECK_TOLERANCE * 100} % of every ratio in ${EXPECTED_FILE}\n`);
}

cleanUpOnInterrupt();
main().catch((error: Error) => {
  process.stderr.write(`bench failed: ${error.message}\n`);
  process.exitCode = 1;
});
