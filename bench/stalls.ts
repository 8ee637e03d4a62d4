/**
 * `npm run bench -- --scenario stalls`: the three stalls of issue 53 (D3, D4 and the reports), each sent
 * to the service (ROLE=api, production) while a prober on a thread of its own sends GET /health/live back
 * to back: the worst /health/live answer while each is processed (the target: under 100 ms).
 * - sla-policy: the policy of the report (one business minute a week, 525 600-minute targets), which is
 *   now refused, then the slowest policy still taken (521 minutes of one minute a week: ten years) and
 *   20 submissions under it, each computing its due times;
 * - sla-policy-stored: that hostile policy already stored (written straight to the table, past the API's
 *   check, as a release without the check stored it) and 20 submissions under it, each walking its due
 *   times to the 20-year horizon (the path the horizon protects);
 * - rules-mail: 97 enabled rules of `message_received` of 100 words each, and a customer's mail of a
 *   megabyte threaded into a submission;
 * - reports: six reports at once, three times, of a period from a year ago to a year ahead (by week).
 * Writes bench/results/stalls.json; removes the database and Redis keys at the end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { dropDatabase, ensureDatabase } from '../src/database/ensure-database';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { deleteKeysUnder } from '../test/support/redis-keys';
import { probeLiveness } from './hostile-mail';
import {
  benchAdmin,
  BENCH_REDIS_URL,
  createKey,
  runPrefixOf,
  SAMPLE_SUBMISSION,
  serviceEnv,
  startApi,
} from './support';

const HEALTH_TARGET_MS = 100;
const INBOUND_TOKEN = randomBytes(24).toString('base64url');
const databaseUrl = `mysql://root@127.0.0.1:3306/contact_intake_bench_stalls_${randomBytes(3).toString('hex')}`;
const runPrefix = runPrefixOf();
const env = serviceEnv(databaseUrl, runPrefix, {
  STAFF_CHANNELS: 'none',
  STAFF_RATE_LIMIT: '1000000',
  // The reports' own budget (default 30 a minute) would answer most of the 18 reports 429: the bench
  // times what each costs when computed.
  STAFF_REPORTS_RATE_LIMIT: '1000000',
  INBOUND_TOKEN,
  LOG_LEVEL: 'warn',
});

interface StallRun {
  stall: string;
  /** What the hostile requests were answered (status, and message or outcome where it says something). */
  answers: string[];
  /** From the first request sent to the last answer. */
  totalMs: number;
  probes: number;
  worstLiveMs: number;
  withinTarget: boolean;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Stores an SLA policy straight in the table, past the API's checks (as an older release may have stored
 * it), and tells the service's processes, as a change made through the API would.
 */
async function storePolicyDirectly(policy: {
  id: string;
  name: string;
  firstResponseMinutes: number;
  resolutionMinutes: number;
  businessHours: object;
}): Promise<void> {
  const dataSource = new DataSource(buildDataSourceOptions({ url: databaseUrl, poolSize: 1, connectTimeoutMs: 5000 }));
  await dataSource.initialize();
  try {
    await dataSource.query(
      'INSERT INTO sla_policies (id, name, position, first_response_minutes, resolution_minutes, business_hours, ' +
        "applies_to, created_at, updated_at) VALUES (?, ?, 1, ?, ?, ?, '{}', NOW(3), NOW(3))",
      [
        policy.id,
        policy.name,
        policy.firstResponseMinutes,
        policy.resolutionMinutes,
        JSON.stringify(policy.businessHours),
      ],
    );
  } finally {
    await dataSource.destroy();
  }
  const redis = new Redis(BENCH_REDIS_URL);
  try {
    // The channel SlaPolicyCache listens on: its processes read the policies again.
    await redis.publish(`${runPrefix}:sla-policies`, 'changed');
  } finally {
    await redis.quit();
  }
  // The announcement reaches the service's subscriber within a few milliseconds.
  await sleep(500);
}

/** Runs `send` while /health/live is probed: its answers, and the worst probe. */
async function whileProbing(port: number, stall: string, send: () => Promise<string[]>): Promise<StallRun> {
  const prober = probeLiveness(port);
  await prober.ready();
  const started = performance.now();
  const answers = await send();
  const totalMs = performance.now() - started;
  const latencies = await prober.stop();
  const worst = Math.max(...latencies);
  return {
    stall,
    answers,
    totalMs: round2(totalMs),
    probes: latencies.length,
    worstLiveMs: round2(worst),
    withinTarget: worst < HEALTH_TARGET_MS,
  };
}

export async function runStallsBench(): Promise<void> {
  await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  const server = await startApi(env);
  const { port, base } = server;
  const runs: StallRun[] = [];
  try {
    const staff = benchAdmin(env, 'stalls@bench.example', 'Stalls');
    const key = createKey(env).key;
    const tokens = await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } });
    const { access_token: token } = (await tokens.json()) as { access_token: string };
    let sent = 0;
    const submit = async (email = SAMPLE_SUBMISSION.email): Promise<{ status: number; id: string }> => {
      const response = await fetch(`${base}/contact_api.php`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...SAMPLE_SUBMISSION, email, message: `${SAMPLE_SUBMISSION.message} (${(sent += 1)})` }),
      });
      return { status: response.status, id: ((await response.json()) as { id: string }).id };
    };
    const post = async (path: string, body: object) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: staff, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as { id?: string; message?: string } };
    };
    // Warm-up: the first request of each route compiles its code; not part of any stall.
    await submit();

    // D3: a policy whose due times would fall ten thousand years away.
    const minuteAWeek = { time_zone: 'Europe/Berlin', week: { mon: [['09:00', '09:01']] }, holidays: [] };
    runs.push(
      await whileProbing(port, 'sla-policy', async () => {
        const hostile = await post('/staff/api/sla-policies', {
          name: 'Hostile',
          position: 1,
          first_response_minutes: 525_600,
          resolution_minutes: 525_600,
          business_hours: minuteAWeek,
        });
        const slowest = await post('/staff/api/sla-policies', {
          name: 'Slowest taken',
          position: 1,
          first_response_minutes: 521,
          resolution_minutes: 521,
          business_hours: minuteAWeek,
        });
        const answers = [`policy ${hostile.status} ${hostile.body.message ?? ''}`, `policy ${slowest.status}`];
        for (let i = 0; i < 20; i++) {
          answers.push(`submission ${(await submit()).status}`);
        }
        await fetch(`${base}/staff/api/sla-policies/${slowest.body.id}`, { method: 'DELETE', headers: staff });
        return answers;
      }),
    );

    // D3, the path the 20-year horizon protects: the hostile policy already stored, and intake under it.
    const stored = randomUUID();
    await storePolicyDirectly({
      id: stored,
      name: 'Hostile, stored before the check',
      firstResponseMinutes: 525_600,
      resolutionMinutes: 525_600,
      businessHours: minuteAWeek,
    });
    runs.push(
      await whileProbing(port, 'sla-policy-stored', async () => {
        const answers: string[] = [];
        let first = '';
        for (let i = 0; i < 20; i++) {
          const { status, id } = await submit();
          answers.push(`submission ${status}`);
          first ||= id;
        }
        // That the submissions were taken under the stored policy: their due time is the horizon's.
        const detail = await fetch(`${base}/staff/api/submissions/${first}`, { headers: staff });
        const { sla } = (await detail.json()) as { sla: { policy_id: string; resolution_due_at: string } | null };
        if (sla?.policy_id !== stored) {
          throw new Error(`the stored policy did not apply: ${JSON.stringify(sla)}`);
        }
        answers.push(`resolution due ${sla.resolution_due_at}`);
        return answers;
      }),
    );
    await fetch(`${base}/staff/api/sla-policies/${stored}`, { method: 'DELETE', headers: staff });

    // D4: 97 rules of 100 words and a mail of a megabyte.
    for (let rule = 0; rule < 97; rule++) {
      const made = await post('/staff/api/rules', {
        name: `Words ${rule}`,
        position: rule,
        when: {
          event: 'message_received',
          conditions: [
            {
              field: 'message',
              op: 'matches_any_of',
              value: Array.from({ length: 100 }, (_, word) => `word${rule}x${word}`),
            },
          ],
        },
        then: [{ action: 'add_tag', value: 'Wordy' }],
      });
      if (made.status !== 201) {
        throw new Error(`POST /staff/api/rules answered ${made.status} ${made.body.message}`);
      }
    }
    const customer = 'mailer@bench.example';
    const { id } = await submit(customer);
    const filler = `${'wording '.repeat(12)}\r\n`.repeat(10_900);
    const raw = Buffer.from(
      [
        `From: ${customer}`,
        'To: help@intake.test',
        `Subject: Re: [#${refOf(id)}] still broken`,
        'Message-ID: <stalls-megabyte@bench.example>',
        '',
        'It is not working, I want a refund.',
        filler,
        '',
      ].join('\r\n'),
    );
    runs.push(
      await whileProbing(port, 'rules-mail', async () => {
        const response = await fetch(`${base}/inbound/email`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${INBOUND_TOKEN}`, 'Content-Type': 'message/rfc822' },
          body: new Uint8Array(raw),
        });
        const body = (await response.json()) as { outcome?: string; message?: string };
        return [`mail of ${raw.length} bytes: ${response.status} ${body.outcome ?? body.message}`];
      }),
    );

    // The reports: a period from a year ago to a year ahead, six at once, three times.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    runs.push(
      await whileProbing(port, 'reports', async () => {
        const answers: string[] = [];
        for (let round = 0; round < 3; round++) {
          const replies = await Promise.all(
            Array.from({ length: 6 }, async () => {
              const response = await fetch(`${base}/staff/api/reports?from=${day(-364)}&to=${day(365)}&interval=week`, {
                headers: staff,
              });
              const body = (await response.json()) as { to?: string; message?: string };
              return `report ${response.status} to ${body.to ?? body.message}`;
            }),
          );
          answers.push(...replies);
        }
        return answers;
      }),
    );
  } finally {
    await server.stop();
    await dropDatabase(databaseUrl);
    await deleteKeysUnder(BENCH_REDIS_URL, runPrefix);
  }
  const result = { date: new Date().toISOString(), targetMs: HEALTH_TARGET_MS, runs };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/stalls.json', `${JSON.stringify(result, null, 2)}\n`);
  for (const run of runs) {
    const answers = [...new Set(run.answers)].join('; ');
    console.log(
      `${run.stall.padEnd(17)} worst /health/live ${run.worstLiveMs} ms of ${run.probes} probes ` +
        `(${run.withinTarget ? 'within' : 'OVER'} ${HEALTH_TARGET_MS} ms), ${run.totalMs} ms in all: ${answers}`,
    );
  }
  if (runs.some((run) => !run.withinTarget)) {
    process.exitCode = 1;
  }
}
