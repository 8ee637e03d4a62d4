/**
 * `npm run bench -- --scenario reports`: GET /staff/api/reports against 1,000,000 generated
 * submissions over the last year (issue 41, point 4: a year's report by week answers in under 1 s at
 * p95). Generates them on a database of its own with multi-row INSERTs (5 API keys, 20 assignees and
 * unassigned, staff-list's status mix, first responses, closings, SLA policies and breaches, labels),
 * sizes the buffer pool as bench/staff-list.ts does, times `reports build` (the worker's one-off work of
 * building the year's days), then starts the service (ROLE=api, production) and times each report one
 * request at a time (a team lead at the console) after a warm-up: the year by week, narrowed to a label
 * and to an API key, 90 days by day, the year right after one past day changed (that day computed from
 * the rows), and the CSV once. Writes bench/results/reports.json; removes the database and Redis keys
 * and puts the buffer pool back at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { dropDatabase, ensureDatabase } from '../src/database/ensure-database';
import { deleteKeysUnder } from '../test/support/redis-keys';
import { BENCH_REDIS_URL, freePort, runPrefixOf, serviceEnv, startServer, watchPeakRss } from './support';

const ROWS = Number(process.env.BENCH_REPORTS_ROWS ?? 1_000_000);
const ROWS_PER_INSERT = 5_000;
/** Requests timed for the year by week (the figure issue 41 sets a bound on), and for each other report. */
const YEAR_REQUESTS = Number(process.env.BENCH_REPORTS_REQUESTS ?? 200);
const OTHER_REQUESTS = 50;
const CHANGED_DAY_REQUESTS = 20;
/** Requests before each series that are not counted (buffer pool, the service's JIT). */
const WARM_UP = 10;
/** Issue 41, point 4: a year's report by week, p95. */
const BOUND_MS = 1000;
/** As bench/staff-list.ts: the pool a server holding this data would have (1 GiB, if smaller), put back at the end. */
const BUFFER_POOL_BYTES = 1024 * 1024 * 1024;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const databaseUrl =
  process.env.BENCH_REPORTS_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/contact_intake_bench_reports';
const runPrefix = runPrefixOf();
const env = serviceEnv(databaseUrl, runPrefix, {
  STAFF_CHANNELS: 'none',
  STAFF_RATE_LIMIT: '1000000',
  STAFF_REPORTS_RATE_LIMIT: '1000000',
  LOG_LEVEL: 'warn',
});

/** A small deterministic generator (as bench/staff-list.ts), so every run reports on the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const next = random(41);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
/** Minutes drawn from an exponential distribution of this mean (many quick, a long tail), whole. */
const minutesAround = (mean: number): number => Math.round(-mean * Math.log(1 - next()));
/** staff-list's mix: mostly closed, 5 % spam. */
const STATUSES = [
  ...Array(10).fill('new'),
  ...Array(10).fill('open'),
  ...Array(5).fill('pending'),
  ...Array(70).fill('closed'),
  ...Array(5).fill('spam'),
] as string[];
const LABELS = [
  'Billing',
  'Bug',
  'Feature request',
  'Refund',
  'Onboarding',
  'Outage',
  'Security',
  'Invoice',
  'Account',
  'Integration',
  'Mobile',
  'Urgent',
  'Partner',
  'Feedback',
  'Cancellation',
];
/** Any ids will do: reports only ask whether a submission had a policy. */
const SLA_POLICY_IDS = [uuidv4(), uuidv4(), uuidv4()];
const SLA_FIRST_RESPONSE_MINUTES = 240;
const SLA_RESOLUTION_MINUTES = 2 * 24 * 60;

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The UTC day `days` before today. */
const daysAgo = (days: number): string => dayOf(Date.now() - days * DAY_MS);

function cli(args: string[], input?: string): string {
  return execFileSync(process.execPath, ['dist/cli.js', ...args], { env, input }).toString();
}

/** What was generated, to check the reports against. */
interface Generated {
  seconds: number;
  labels: number;
}

/**
 * ROWS submissions evenly over the last 365 days and today (up to a minute ago), each with the
 * columns a report reads set as the service sets them: a first response (about 85 % of those not
 * spam) with its minutes, a closing after it for the closed ones with their resolution minutes (and
 * last_closed_at), an SLA policy on about 30 % with due times and a breach when a due time passed
 * first, and one or two labels on about 20 %.
 */
async function generate(dataSource: DataSource, apiKeyIds: string[], staffIds: string[]): Promise<Generated> {
  const started = performance.now();
  const end = Date.now() - MINUTE_MS;
  const start = Date.parse(`${daysAgo(365)}T00:00:00Z`);
  const step = (end - start) / ROWS;
  let labels = 0;
  const insertBatch = async (from: number): Promise<void> => {
    const values: unknown[] = [];
    const rows: string[] = [];
    const tagValues: unknown[] = [];
    const tagRows: string[] = [];
    for (let i = from; i < Math.min(ROWS, from + ROWS_PER_INSERT); i++) {
      const created = start + i * step;
      const id = uuidv7({ msecs: Math.floor(created), seq: i & 0xfff });
      const status = pick(STATUSES);
      const spam = status === 'spam';
      // Events can only have happened by now: one drawn later happened somewhere between arrival and now.
      const at = (minutes: number) => {
        const time = created + minutes * MINUTE_MS;
        return time <= end ? time : created + next() * (end - created);
      };
      // Everything but new and spam has had its first reply: 85 % of the rows.
      const firstResponseAt = status !== 'new' && !spam ? at(minutesAround(180)) : null;
      const closedAt = status === 'closed' ? Math.max(firstResponseAt ?? created, at(minutesAround(1800) + 5)) : null;
      const minutesTo = (time: number | null) => (time === null ? null : Math.floor((time - created) / MINUTE_MS));
      const sla = !spam && next() < 0.3;
      const firstResponseDue = sla ? created + SLA_FIRST_RESPONSE_MINUTES * MINUTE_MS : null;
      const resolutionDue = sla ? created + SLA_RESOLUTION_MINUTES * MINUTE_MS : null;
      // Breached at the due time when the event came later, or has not come and the time has passed.
      const breachOf = (due: number | null, event: number | null) =>
        due !== null && (event === null ? due <= end : event > due) ? new Date(due) : null;
      const date = (time: number | null) => (time === null ? null : new Date(time));
      rows.push('(?,?,?,?,?,?,?,?,?,NULL,?,1,NULL,?,?,?,?,?,1,?,?,?,?,?,?,?,?,?,?)');
      values.push(
        id,
        pick(apiKeyIds),
        'Ada Lovelace',
        `ada${i}@example.com`,
        null,
        null,
        'bench',
        '203.0.113.7',
        'bench',
        'delivered',
        new Date(created),
        date(Math.max(created, closedAt ?? 0, firstResponseAt ?? 0)),
        new Date(created),
        status,
        !spam && next() < 0.85 ? pick(staffIds) : null,
        date(closedAt),
        date(firstResponseAt),
        sla ? pick(SLA_POLICY_IDS) : null,
        date(firstResponseDue),
        date(resolutionDue),
        breachOf(firstResponseDue, firstResponseAt),
        breachOf(resolutionDue, closedAt),
        minutesTo(firstResponseAt),
        minutesTo(closedAt),
        date(closedAt),
      );
      if (next() < 0.2) {
        const first = pick(LABELS);
        const carried = next() < 0.3 ? [first, pick(LABELS.filter((label) => label !== first))] : [first];
        carried.forEach((label, position) => {
          tagRows.push('(?,?,?,?)');
          tagValues.push(id, label.toLowerCase(), label, position);
        });
        labels += carried.length;
      }
    }
    await dataSource.query(
      `INSERT INTO submissions (id, api_key_id, name, email, phone, business, message, client_ip, user_agent,
        idempotency_key, state, attempts, last_error, created_at, updated_at, processed_at, status, assignee_id,
        version, closed_at, first_response_at, sla_policy_id, first_response_due_at, resolution_due_at,
        first_response_breached_at, resolution_breached_at, first_response_minutes, resolution_minutes,
        last_closed_at) VALUES ${rows.join(',')}`,
      values,
    );
    if (tagRows.length > 0) {
      await dataSource.query(
        `INSERT INTO submission_tags (submission_id, tag_key, tag, position) VALUES ${tagRows.join(',')}`,
        tagValues,
      );
    }
  };
  // Two statements in flight: the machine has two cores.
  let nextBatch = 0;
  const worker = async (): Promise<void> => {
    while (nextBatch < ROWS) {
      const from = nextBatch;
      nextBatch += ROWS_PER_INSERT;
      await insertBatch(from);
    }
  };
  await Promise.all([worker(), worker()]);
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`generated ${ROWS} submissions (${labels} labels) in ${seconds.toFixed(1)} s\n`);
  return { seconds, labels };
}

interface Timing {
  report: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  bytes: number;
}

interface ReportBody {
  buckets?: { created: number }[];
}

/**
 * `requests` timed GETs of `path` one at a time after WARM_UP uncounted ones, `before` run ahead of
 * each (untimed). Percentiles by nearest rank.
 */
async function time(
  port: number,
  token: string,
  label: string,
  path: string,
  requests: number,
  before: () => Promise<void> = () => Promise.resolve(),
  after: (body: ReportBody) => Promise<void> = () => Promise.resolve(),
): Promise<Timing & { last: ReportBody }> {
  const latencies: number[] = [];
  let bytes = 0;
  let last: ReportBody = {};
  for (let i = 0; i < requests + WARM_UP; i++) {
    await before();
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) {
      throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
    }
    bytes = Buffer.byteLength(text);
    last = JSON.parse(text) as ReportBody;
    await after(last);
    if (i >= WARM_UP) {
      latencies.push(elapsed);
    }
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)].toFixed(1));
  const timing = { report: label, requests, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1), bytes };
  process.stdout.write(
    `${label.padEnd(52)} p50 ${String(timing.p50).padStart(7)} ms  p95 ${String(timing.p95).padStart(7)} ms  ` +
      `p99 ${String(timing.p99).padStart(7)} ms  max ${String(timing.max).padStart(7)} ms  (${bytes} bytes)\n`,
  );
  return { ...timing, last };
}

export async function runReportsBench(): Promise<void> {
  let restoreBufferPool = async (): Promise<void> => {};
  let dataSource: DataSource | null = null;
  try {
    await dropDatabase(databaseUrl);
    await ensureDatabase(databaseUrl);
    const db = new DataSource(buildDataSourceOptions({ url: databaseUrl, poolSize: 3, connectTimeoutMs: 5000 }));
    dataSource = db;
    await db.initialize();
    await db.runMigrations();
    const apiKeyIds = [0, 1, 2, 3, 4].map(
      (n) => (JSON.parse(cli(['keys', 'create', '--name', `bench ${n}`, '--json'])) as { id: string }).id,
    );
    const staffIds = Array.from(
      { length: 20 },
      (_, n) =>
        (
          JSON.parse(
            cli([
              'staff',
              'create',
              '--email',
              `agent${n}@bench.example`,
              '--name',
              `Agent ${n}`,
              '--role',
              n === 0 ? 'admin' : 'agent',
              '--json',
            ]),
          ) as { id: string }
        ).id,
    );
    const generated = await generate(db, apiKeyIds, staffIds);
    await db.query('ANALYZE TABLE submissions, submission_tags');
    const [{ size }] = await db.query<[{ size: string }]>('SELECT @@innodb_buffer_pool_size AS size');
    if (Number(size) < BUFFER_POOL_BYTES) {
      await db.query(`SET GLOBAL innodb_buffer_pool_size = ${BUFFER_POOL_BYTES}`);
      restoreBufferPool = async () => {
        const restore = new DataSource(
          buildDataSourceOptions({ url: databaseUrl, poolSize: 1, connectTimeoutMs: 5000 }),
        );
        await restore.initialize();
        await restore.query(`SET GLOBAL innodb_buffer_pool_size = ${Number(size)}`);
        await restore.destroy();
      };
    }
    process.stdout.write(
      `buffer pool ${Math.max(Number(size), BUFFER_POOL_BYTES) / 1024 / 1024} MB during the run (was ${Number(size) / 1024 / 1024} MB)\n`,
    );

    // The worker's one-off work: every past day of the year built (newest first, 100 a pass).
    const buildStarted = performance.now();
    const buildOutput = cli(['reports', 'build']);
    const buildSeconds = (performance.now() - buildStarted) / 1000;
    const builtDays = Number(/Built (\d+) day/.exec(buildOutput)?.[1] ?? NaN);
    await db.query('ANALYZE TABLE report_days');
    const [stored] = await db.query<[{ rows: string; bytes: string; data: string; index: string }]>(
      'SELECT (SELECT COUNT(*) FROM report_days) AS `rows`, data_length + index_length AS bytes, ' +
        'data_length AS data, index_length AS `index` FROM information_schema.tables ' +
        "WHERE table_schema = DATABASE() AND table_name = 'report_days'",
    );
    const reportDays = {
      rows: Number(stored.rows),
      bytes: Number(stored.bytes),
      dataBytes: Number(stored.data),
      indexBytes: Number(stored.index),
    };
    process.stdout.write(
      `reports build: ${builtDays} days in ${buildSeconds.toFixed(1)} s; report_days ${reportDays.rows} rows, ` +
        `${(reportDays.bytes / 1024 / 1024).toFixed(1)} MB\n`,
    );

    const token = (
      JSON.parse(cli(['staff', 'token', 'create', '--staff', staffIds[0], '--name', 'bench', '--json'])) as {
        token: string;
      }
    ).token;
    const port = await freePort();
    const server = await startServer(
      process.execPath,
      ['dist/main.js'],
      { ...env, ROLE: 'api', PORT: String(port), HOST: '127.0.0.1' },
      port,
    );
    const timings: Timing[] = [];
    let csv = { bytes: 0, ms: 0, lines: 0 };
    let peakRssMb = 0;
    let changedDay = { day: '', recomputed: 0 };
    let yearCreated = 0;
    try {
      const reports = '/staff/api/reports';
      const today = daysAgo(0);
      const year = `${reports}?from=${daysAgo(364)}&to=${today}&interval=week`;
      const record = ({ last: _last, ...timing }: Timing & { last: ReportBody }) => {
        timings.push(timing);
        return _last;
      };
      const stopWatching = watchPeakRss([server.child.pid!]);
      const yearBody = record(await time(port, token, 'year by week', year, YEAR_REQUESTS));
      yearCreated = (yearBody.buckets ?? []).reduce((sum, bucket) => sum + bucket.created, 0);
      record(await time(port, token, `year by week, tag=${LABELS[0]}`, `${year}&tag=${LABELS[0]}`, OTHER_REQUESTS));
      record(await time(port, token, 'year by week, api_key_id', `${year}&api_key_id=${apiKeyIds[1]}`, OTHER_REQUESTS));
      record(
        await time(
          port,
          token,
          '90 days by day',
          `${reports}?from=${daysAgo(89)}&to=${today}&interval=day`,
          OTHER_REQUESTS,
        ),
      );
      // One past day changed before each request: the report computes it from the rows (and keeps it).
      const day = daysAgo(100);
      let recomputed = 0;
      const markChanged = async () => {
        await db.query('UPDATE report_day_marks SET changed_at = NOW(3) WHERE day = ?', [day]);
      };
      const checkRebuilt = async () => {
        const [mark] = await db.query<[{ rebuilt: string }]>(
          'SELECT built_at > changed_at AS rebuilt FROM report_day_marks WHERE day = ?',
          [day],
        );
        recomputed += Number(mark.rebuilt);
      };
      record(
        await time(
          port,
          token,
          `year by week, ${day} changed before each`,
          year,
          CHANGED_DAY_REQUESTS,
          markChanged,
          checkRebuilt,
        ),
      );
      changedDay = { day, recomputed };
      peakRssMb = Math.round(stopWatching() / 1024 / 1024);

      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${year}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
      });
      const text = await response.text();
      csv = {
        ms: Number((performance.now() - started).toFixed(1)),
        bytes: Buffer.byteLength(text),
        lines: text.split('\r\n').filter(Boolean).length,
      };
      if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/csv')) {
        throw new Error(`CSV: ${response.status} ${response.headers.get('content-type')} ${text.slice(0, 500)}`);
      }
      process.stdout.write(`${'year by week as CSV, once'.padEnd(52)} ${csv.ms} ms  (${csv.bytes} bytes)\n`);
    } finally {
      await server.stop();
    }
    // What the year's report counted, against the rows (the period's arrivals not spam).
    const [{ expected }] = await db.query<[{ expected: string }]>(
      "SELECT COUNT(*) AS expected FROM submissions WHERE created_at >= ? AND status <> 'spam'",
      [`${daysAgo(364)} 00:00:00`],
    );
    const year = timings[0];
    const result = {
      date: new Date().toISOString(),
      rows: ROWS,
      labels: generated.labels,
      generatedSeconds: Number(generated.seconds.toFixed(1)),
      build: { days: builtDays, seconds: Number(buildSeconds.toFixed(1)) },
      reportDays,
      yearCreated: { reported: yearCreated, inRows: Number(expected) },
      boundMs: BOUND_MS,
      withinBound: year.p95 < BOUND_MS,
      timings,
      changedDay: { ...changedDay, requests: CHANGED_DAY_REQUESTS + WARM_UP },
      csv,
      peakRssMb,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/reports.json', `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(
      `\nreports build: ${builtDays} days in ${result.build.seconds} s; report_days ${reportDays.rows} rows, ` +
        `${(reportDays.bytes / 1024 / 1024).toFixed(1)} MB; the year counted ${yearCreated} arrivals (rows: ${expected}); ` +
        `service peak RSS ${peakRssMb} MB; CSV ${csv.bytes} bytes in ${csv.ms} ms\n` +
        '\n| report | requests | p50 ms | p95 ms | p99 ms | max ms | bytes |\n|---|---|---|---|---|---|---|\n',
    );
    for (const timing of timings) {
      process.stdout.write(
        `| ${timing.report} | ${timing.requests} | ${timing.p50} | ${timing.p95} | ${timing.p99} | ${timing.max} | ${timing.bytes} |\n`,
      );
    }
    if (!result.withinBound) {
      throw new Error(`a year's report by week: p95 ${year.p95} ms, over ${BOUND_MS} ms (issue 41, point 4)`);
    }
  } finally {
    // Each step on its own: one that fails leaves the others to do.
    const steps = [
      () => (dataSource?.isInitialized ? dataSource.destroy() : Promise.resolve()),
      restoreBufferPool,
      () => deleteKeysUnder(BENCH_REDIS_URL, runPrefix),
      () => dropDatabase(databaseUrl),
    ];
    for (const step of steps) {
      await step().catch((error: Error) => process.stderr.write(`reports bench clean-up: ${error.message}\n`));
    }
  }
}
