/**
 * `npm run bench -- --scenario staff-list`: the staff list and search against 1,000,000 generated
 * submissions. Generates them on a database of its own with multi-row INSERTs (the FULLTEXT index is
 * built once after the load, as an operator importing data would), starts the service (ROLE=api,
 * production), and times each query one request at a time (a person at the console), reporting p50
 * and p99. Writes bench/results/staff-list.json; removes the database and Redis keys at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { dropDatabase, ensureDatabase } from '../src/database/ensure-database';
import { deleteKeysUnder } from '../test/support/redis-keys';
import {
  BENCH_REDIS_URL,
  freePort,
  runPrefixOf,
  serviceEnv,
  sizeBufferPool,
  startServer,
  Timing,
  timeGet,
} from './support';

const ROWS = Number(process.env.BENCH_STAFF_ROWS ?? 1_000_000);
const ROWS_PER_INSERT = 5_000;
const REQUESTS_PER_QUERY = Number(process.env.BENCH_STAFF_REQUESTS ?? 200);
const DAY_MS = 86_400_000;

const databaseUrl = process.env.BENCH_STAFF_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/contact_intake_bench_staff';
const runPrefix = runPrefixOf();
const env = serviceEnv(databaseUrl, runPrefix, {
  STAFF_CHANNELS: 'none',
  STAFF_RATE_LIMIT: '1000000',
  LOG_LEVEL: 'warn',
});

/** A small deterministic generator, so every run searches the same data. */
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

const next = random(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
const SYLLABLES = ['ka', 'lo', 'mi', 're', 'su', 'ta', 'ven', 'dor', 'pel', 'quin', 'bra', 'zu', 'nor', 'vik', 'sel'];
/** 3-syllable pseudo-words (a search for one matches about 1 % of rows: it is a prefix of others too). */
const VOCABULARY = Array.from({ length: 3_000 }, () => pick(SYLLABLES) + pick(SYLLABLES) + pick(SYLLABLES));
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Linus', 'Hedy'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Perlman'];
const STATUSES = [
  ...Array(10).fill('new'),
  ...Array(10).fill('open'),
  ...Array(5).fill('pending'),
  ...Array(70).fill('closed'),
  ...Array(5).fill('spam'),
] as string[];

function cli(args: string[], input?: string): string {
  return execFileSync(process.execPath, ['dist/cli.js', ...args], { env, input }).toString();
}

/** The address of one generated row, for the e-mail search. */
let sampleEmail = '';

async function generate(dataSource: DataSource, apiKeyIds: string[], staffIds: string[]): Promise<number> {
  const started = performance.now();
  const start = Date.now() - 365 * DAY_MS;
  const step = (365 * DAY_MS) / ROWS;
  const insertBatch = async (from: number): Promise<void> => {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let i = from; i < Math.min(ROWS, from + ROWS_PER_INSERT); i++) {
      const createdAt = new Date(start + i * step);
      const first = pick(FIRST);
      const last = pick(LAST);
      const status = pick(STATUSES);
      const email = `${first}.${last}${i}@example.com`.toLowerCase();
      if (i === Math.floor(ROWS / 2)) {
        sampleEmail = email;
      }
      const words = Array.from({ length: 12 + Math.floor(next() * 12) }, () => pick(VOCABULARY));
      // One message in ten mentions an invoice: a common word, the search's worst case.
      if (next() < 0.1) {
        words.push('invoice');
      }
      rows.push('(?,?,?,?,?,?,?,?,?,NULL,?,1,NULL,?,?,?,?,?,1,?)');
      values.push(
        uuidv7({ msecs: createdAt.getTime(), seq: i & 0xfff }),
        pick(apiKeyIds),
        `${first} ${last}`,
        email,
        '+44 20 7946 0958',
        next() < 0.5 ? `${pick(LAST)} ${pick(['Ltd', 'GmbH', 'SA', 'Inc'])}` : null,
        words.join(' '),
        '203.0.113.7',
        'bench',
        'delivered',
        createdAt,
        createdAt,
        createdAt,
        status,
        next() < 0.4 ? pick(staffIds) : null,
        status === 'closed' ? createdAt : null,
      );
    }
    await dataSource.query(
      `INSERT INTO submissions (id, api_key_id, name, email, phone, business, message, client_ip, user_agent,
        idempotency_key, state, attempts, last_error, created_at, updated_at, processed_at, status, assignee_id,
        version, closed_at) VALUES ${rows.join(',')}`,
      values,
    );
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
  process.stdout.write(`generated ${ROWS} submissions in ${seconds.toFixed(1)} s\n`);
  return seconds;
}

export async function runStaffListBench(): Promise<void> {
  let restoreBufferPool = async (): Promise<void> => {};
  try {
    await dropDatabase(databaseUrl);
    await ensureDatabase(databaseUrl);
    const dataSource = new DataSource(
      buildDataSourceOptions({ url: databaseUrl, poolSize: 3, connectTimeoutMs: 5000 }),
    );
    await dataSource.initialize();
    await dataSource.runMigrations();
    const apiKeyIds = [0, 1, 2].map(
      (n) => (JSON.parse(cli(['keys', 'create', '--name', `bench ${n}`, '--json'])) as { id: string }).id,
    );
    const staff = Array.from(
      { length: 5 },
      (_, n) =>
        JSON.parse(
          cli([
            'staff',
            'create',
            '--email',
            `agent${n}@bench.example`,
            '--name',
            `Agent ${n}`,
            '--role',
            'admin',
            '--json',
          ]),
        ) as { id: string },
    );
    const generatedSeconds = await generate(
      dataSource,
      apiKeyIds,
      staff.map((account) => account.id),
    );
    await dataSource.query('ANALYZE TABLE submissions');
    // The pool a server holding this data would have (see sizeBufferPool), put back at the end.
    restoreBufferPool = await sizeBufferPool(dataSource, databaseUrl);
    await dataSource.destroy();
    const token = (
      JSON.parse(cli(['staff', 'token', 'create', '--staff', staff[0].id, '--name', 'bench', '--json'])) as {
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
    try {
      const list = '/staff/api/submissions';
      const middle = (await (
        await fetch(
          `http://127.0.0.1:${port}${list}?limit=1&to=${new Date(Date.now() - 180 * DAY_MS).toISOString().slice(0, 10)}`,
          { headers: { Authorization: `Bearer ${token}` } },
        )
      ).json()) as { items: { id: string }[] };
      const queries: [string, string][] = [
        ['first page, no filter', list],
        ['filtered first page: status=open', `${list}?status=open`],
        ['filtered: status=new,open&assignee=none', `${list}?status=new,open&assignee=none`],
        ['filtered: assignee=me', `${list}?assignee=me`],
        ['filtered: api_key', `${list}?api_key=${apiKeyIds[1]}`],
        [
          'filtered: last 7 days, status=closed',
          `${list}?status=closed&from=${new Date(Date.now() - 7 * DAY_MS).toISOString().slice(0, 10)}`,
        ],
        ['page deep in the list (cursor 6 months back)', `${list}?cursor=${middle.items[0].id}`],
        ['search: one word (about 1 % of rows)', `${list}?q=${VOCABULARY[7]}`],
        ['search: two words', `${list}?q=${VOCABULARY[7]}%20${VOCABULARY[8]}`],
        ['search: e-mail address', `${list}?q=${encodeURIComponent(sampleEmail)}`],
        ['search: common word (10 % of rows)', `${list}?q=invoice`],
        ['search + status=open', `${list}?q=${VOCABULARY[7]}&status=open`],
        ['counts', `${list}/counts`],
      ];
      for (const [label, path] of queries) {
        timings.push(await timeGet(`http://127.0.0.1:${port}`, token, label, path, REQUESTS_PER_QUERY));
      }
    } finally {
      await server.stop();
    }
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      'bench/results/staff-list.json',
      `${JSON.stringify({ date: new Date().toISOString(), rows: ROWS, generatedSeconds: Number(generatedSeconds.toFixed(1)), requestsPerQuery: REQUESTS_PER_QUERY, timings }, null, 2)}\n`,
    );
    process.stdout.write('\n| query | p50 ms | p99 ms |\n|---|---|---|\n');
    for (const timing of timings) {
      process.stdout.write(`| ${timing.query} | ${timing.p50} | ${timing.p99} |\n`);
    }
  } finally {
    await restoreBufferPool();
    await deleteKeysUnder(BENCH_REDIS_URL, runPrefix);
    await dropDatabase(databaseUrl);
  }
}
