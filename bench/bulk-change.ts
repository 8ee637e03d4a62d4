/**
 * `npm run bench -- --scenario bulk`: a bulk change of 500 submissions (issue 42, point 5: it answers in
 * under 2 s on this machine). On a database of its own, starts the service (ROLE=api, production) with
 * one webhook destination listening to `submission.status_changed` (so every row writes a delivery, as
 * in a real installation), sends BENCH_BULK_ROWS (500) submissions through /contact_api.php, then times
 * POST /staff/api/submissions/bulk over all of them BENCH_BULK_ROUNDS times (1 warm-up, uncounted),
 * each round a change of status and of a label (two facts, two audit events per row), alternating so
 * every round changes every row; `BENCH_BULK_CHANGE=status` changes the status alone (one fact per
 * row). Reports each round's time and the service's CPU; writes
 * bench/results/bulk.json; removes the database and Redis keys at the end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { dropDatabase, ensureDatabase } from '../src/database/ensure-database';
import { deleteKeysUnder } from '../test/support/redis-keys';
import {
  benchAdmin,
  BENCH_REDIS_URL,
  createKey,
  runPrefixOf,
  SAMPLE_SUBMISSION,
  serviceEnv,
  startApi,
  watchCpu,
} from './support';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 500);
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 6);
const STATUS_ONLY = process.env.BENCH_BULK_CHANGE === 'status';
/** `--profile DIR` (as the main bench): the service writes a V8 CPU profile there when it exits. */
const profileIndex = process.argv.indexOf('--profile');
const profileDir = profileIndex > 0 ? process.argv[profileIndex + 1] : undefined;
/** Issue 42, point 5. */
const BOUND_MS = 2000;

const databaseUrl = process.env.BENCH_BULK_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/contact_intake_bench_bulk';
const runPrefix = runPrefixOf();
const env = serviceEnv(databaseUrl, runPrefix, {
  STAFF_CHANNELS: 'none',
  STAFF_RATE_LIMIT: '1000000',
  LOG_LEVEL: 'warn',
});

export async function runBulkChangeBench(): Promise<void> {
  await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  const server = await startApi(env, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  try {
    const { base } = server;
    const key = createKey(env);
    const staff = benchAdmin(env, 'bulk@bench.example', 'Bulk');
    // A destination no one answers (nothing runs the webhooks queue here): its delivery rows are written all the same.
    const hook = await fetch(`${base}/staff/api/webhooks`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({
        url: 'https://hooks.example.com/bulk',
        api_key_id: key.id,
        events: ['submission.status_changed'],
      }),
    });
    if (hook.status !== 201) {
      throw new Error(`webhook: ${hook.status} ${await hook.text()}`);
    }
    const auth = await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key.key } });
    const access = ((await auth.json()) as { access_token: string }).access_token;
    const ids: string[] = [];
    for (let start = 0; start < ROWS; start += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, ROWS - start) }, async (_, i) => {
          const response = await fetch(`${base}/contact_api.php`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              ...SAMPLE_SUBMISSION,
              email: `bulk.${start + i}@example.com`,
              message: `${SAMPLE_SUBMISSION.message} (${start + i})`,
            }),
          });
          if (response.status !== 200) {
            throw new Error(`contact: ${response.status} ${await response.text()}`);
          }
          return ((await response.json()) as { id: string }).id;
        }),
      );
      ids.push(...batch);
    }
    const rounds: { ms: number; changed: number; cpuPct: number }[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const labels = round % 2 === 0 ? { add_tags: ['bulk'] } : { remove_tags: ['bulk'] };
      const change = { status: round % 2 === 0 ? 'open' : 'pending', ...(STATUS_ONLY ? {} : labels) };
      const cpu = watchCpu([server.child.pid!]);
      const started = performance.now();
      const response = await fetch(`${base}/staff/api/submissions/bulk`, {
        method: 'POST',
        headers: staff,
        body: JSON.stringify({ ids, change }),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      const used = cpu();
      if (response.status !== 200) {
        throw new Error(`bulk: ${response.status} ${text.slice(0, 500)}`);
      }
      const changed = (JSON.parse(text) as { results: { ok: boolean }[] }).results.filter((row) => row.ok).length;
      if (round > 0) {
        rounds.push({ ms: Number(ms.toFixed(1)), changed, cpuPct: used.processes });
      }
      process.stdout.write(
        `${round === 0 ? 'warm-up' : `round ${round}`}: ${ROWS} rows, ${changed} changed in ${ms.toFixed(0)} ms ` +
          `(service CPU ${used.processes} % of a core, machine ${used.machineBusy} % busy)\n`,
      );
    }
    const sorted = rounds.map((r) => r.ms).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const worst = sorted[sorted.length - 1];
    process.stdout.write(
      `bulk change of ${ROWS}: median ${median} ms, worst ${worst} ms (bound ${BOUND_MS} ms: ${worst < BOUND_MS ? 'met' : 'NOT met'})\n`,
    );
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      'bench/results/bulk.json',
      `${JSON.stringify({ rows: ROWS, change: STATUS_ONLY ? 'status' : 'status and a label', rounds, median_ms: median, worst_ms: worst, bound_ms: BOUND_MS }, null, 2)}\n`,
    );
  } finally {
    await server.stop();
    await dropDatabase(databaseUrl);
    await deleteKeysUnder(BENCH_REDIS_URL, runPrefix);
  }
}
