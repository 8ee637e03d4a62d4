/**
 * `npm run bench -- --scenario worker`: what one staff worker delivers. Starts an API process
 * (ROLE=api) and one worker (ROLE=worker, WORKER_CONCURRENCY as set, default 5) on a database of its
 * own, with STAFF_WEBHOOK_URL pointing at a receiver in this process that answers 200 at once; sends
 * BENCH_WORKER_SUBMISSIONS (default 5,000) submissions through the API before the worker starts, then
 * times the worker draining the queue alone, from the first delivery the receiver sees to the last:
 * deliveries a second, and the worker's CPU per delivery. Writes
 * bench/results/worker.json; removes the database and Redis keys at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { dropDatabase, ensureDatabase } from '../src/database/ensure-database';
import { deleteKeysUnder } from '../test/support/redis-keys';
import {
  BENCH_REDIS_URL,
  createKey,
  freePort,
  runPrefixOf,
  SAMPLE_SUBMISSION,
  serviceEnv,
  startServer,
  stopLiveServers,
  watchCpu,
  watchPeakRss,
} from './support';

const SUBMISSIONS = Number(process.env.BENCH_WORKER_SUBMISSIONS ?? 5_000);
const SENDERS = 32;

const databaseUrl = `mysql://root@127.0.0.1:3306/contact_intake_bench_worker_${randomBytes(3).toString('hex')}`;
const runPrefix = runPrefixOf();

/** What the receiver has seen: deliveries counted, the time of the last, and a promise of the last one. */
interface Deliveries {
  count: number;
  lastAt: number;
  done: Promise<void>;
  /** Ends the wait for the last one early (a stalled run). */
  giveUp: () => void;
}

export async function runWorkerBench(): Promise<void> {
  let giveUp: () => void = () => undefined;
  const deliveries: Deliveries = {
    count: 0,
    lastAt: 0,
    done: new Promise<void>((resolve) => (giveUp = resolve)),
    giveUp: () => giveUp(),
  };
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.end('ok');
      deliveries.count += 1;
      deliveries.lastAt = performance.now();
      if (deliveries.count === SUBMISSIONS) {
        deliveries.giveUp();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    await measure(receiver, deliveries);
  } finally {
    await stopLiveServers();
    await new Promise((resolve) => receiver.close(resolve));
    await deleteKeysUnder(BENCH_REDIS_URL, runPrefix);
    await dropDatabase(databaseUrl);
  }
}

async function measure(receiver: Server, deliveries: Deliveries): Promise<void> {
  await ensureDatabase(databaseUrl);
  const [apiPort, healthPort] = [await freePort(), await freePort()];
  const env = serviceEnv(databaseUrl, runPrefix, {
    STAFF_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    STAFF_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    LOG_LEVEL: 'error',
  });
  const api = await startServer(
    process.execPath,
    ['dist/main.js'],
    { ...env, ROLE: 'api', PORT: String(apiPort), HOST: '127.0.0.1' },
    apiPort,
  );
  let worker: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const { key } = createKey({ ...env });
    const tokenAnswer = await fetch(`http://127.0.0.1:${apiPort}/auth.php`, {
      method: 'POST',
      headers: { 'X-API-KEY': key },
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    // First the queue fills (no worker yet), then one worker drains it alone: its pace, not the API's.
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (next < SUBMISSIONS) {
          next += 1;
          const answer = await fetch(`http://127.0.0.1:${apiPort}/contact_api.php`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ ...SAMPLE_SUBMISSION, name: `Worker bench ${next}` }),
          });
          if (answer.status !== 200) {
            throw new Error(`a submission was answered ${answer.status}`);
          }
        }
      }),
    );
    const submittedMs = performance.now() - start;
    worker = await startServer(
      process.execPath,
      ['dist/main.js'],
      { ...env, ROLE: 'worker', HEALTH_PORT: String(healthPort) },
      healthPort,
    );
    while (deliveries.count === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Timed from the first delivery, so the worker's start-up is not counted.
    const cpu = watchCpu([worker.child.pid!]);
    const peakRss = watchPeakRss([worker.child.pid!]);
    const firstAt = performance.now();
    const counted = SUBMISSIONS - deliveries.count;
    // A delivery that never comes (a refused webhook, a stopped worker) ends the run instead of hanging it.
    const stalled = setInterval(() => {
      if (performance.now() - deliveries.lastAt > 60_000) {
        deliveries.giveUp();
      }
    }, 1_000);
    await deliveries.done;
    clearInterval(stalled);
    if (deliveries.count < SUBMISSIONS) {
      throw new Error(`only ${deliveries.count} of ${SUBMISSIONS} submissions were delivered`);
    }
    const elapsedMs = deliveries.lastAt - firstAt;
    const used = cpu();
    const rssBytes = peakRss();
    const result = {
      submissions: SUBMISSIONS,
      worker_concurrency: Number(process.env.WORKER_CONCURRENCY ?? 5),
      submitted_per_second: Math.round((SUBMISSIONS * 1000) / submittedMs),
      delivered_per_second: Math.round((counted * 1000) / elapsedMs),
      worker_cpu_percent_of_one_core: used.processes,
      worker_cpu_ms_per_delivery: Number(((used.processes / 100) * (elapsedMs / counted)).toFixed(3)),
      machine_busy_percent: used.machineBusy,
      worker_peak_rss_mb: Math.round(rssBytes / 1024 / 1024),
    };
    console.log(
      `one worker: ${result.delivered_per_second} deliveries a second (webhook staff channel), ` +
        `${result.worker_cpu_ms_per_delivery} ms of its CPU each, ${result.worker_cpu_percent_of_one_core} % of ` +
        `one core (peak RSS ${result.worker_peak_rss_mb} MB), draining a full queue; the API had taken ${result.submitted_per_second} submissions a second; machine ` +
        `${result.machine_busy_percent} % busy`,
    );
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/worker.json', `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await worker?.stop();
    await api.stop();
  }
}
