/**
 * `npm run bench -- --scenario hostile-mail`: what each hostile message of the mail door (issue 36)
 * costs the service. Starts the service (ROLE=api, production, INBOUND_TOKEN set) on a database of its
 * own, then for each message of test/support/hostile-mail.ts sends it to POST /inbound/email while a
 * prober (a thread of its own) sends GET /health/live back to back, one at a time: the time to answer the mail, and the
 * worst /health/live answer seen meanwhile (the target: no message up to INBOUND_MAX_BYTES delays it
 * by more than 100 ms). Then every spam check on a 64 KiB hostile body, in this process (target: under
 * 5 ms). Then BENCH_MAIL_LARGE (6) messages of 34 MB at once, each sent again while answered 503: the
 * service's peak RSS (INBOUND_MEMORY_BUDGET bounds what it holds, from before a body is read). Writes bench/results/hostile-mail.json;
 * removes the database and Redis keys at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { dropDatabase, ensureDatabase } from '../src/database/ensure-database';
import { senderDomainAuthenticated } from '../src/mail/authentication-results';
import { localSpamChecks } from '../src/spam/spam-signals';
import { HOSTILE_AUTHENTICATION_RESULTS, hostileMessages } from '../test/support/hostile-mail';
import { deleteKeysUnder } from '../test/support/redis-keys';
import { freePort, rssOf, startServer, watchPeakRss } from './support';

const INBOUND_TOKEN = randomBytes(24).toString('base64url');
const HEALTH_TARGET_MS = 100;
const SPAM_TARGET_MS = 5;
/** Each message is sent this many times; the worst of all is what counts. */
const ROUNDS = Number(process.env.BENCH_MAIL_ROUNDS ?? 3);

const databaseUrl = `mysql://root@127.0.0.1:3306/contact_intake_bench_mail_${randomBytes(3).toString('hex')}`;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runPrefix = `contact-intake-bench:${randomBytes(3).toString('hex')}`;

interface MailTiming {
  message: string;
  bytes: number;
  outcome: string;
  answerMs: number;
  /** /health/live answers while the message was in flight. */
  probes: number;
  worstLiveMs: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The large messages sent at once: how many, and the file each carries (base64, about 34 MB a message). */
const LARGE_MESSAGES = Number(process.env.BENCH_MAIL_LARGE ?? 6);
const LARGE_FILE_MIB = 25;

/** A message with a file of LARGE_FILE_MIB MiB of random bytes, base64 in lines of 76: about 34 MB. */
function largeMessage(id: string): Buffer {
  const file = randomBytes(LARGE_FILE_MIB * 1024 * 1024)
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    [
      'From: Big Sender <big@example.com>',
      'To: support@intake.test',
      'Subject: A large file',
      `Message-ID: <${id}@example.com>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="large"',
      '',
      '--large',
      'Content-Type: text/plain',
      '',
      'The file you asked for.',
      '--large',
      'Content-Type: application/octet-stream; name="large.bin"',
      'Content-Disposition: attachment; filename="large.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      file,
      '--large--',
      '',
    ].join('\r\n'),
  );
}

interface LargeMailRun {
  messages: number;
  bytesEach: number;
  /** The service's RSS before, and its peak while the messages were sent and taken. */
  rssBeforeMb: number;
  peakRssMb: number;
  /** The peak less the RSS before: what the messages cost (target: well under 400 MiB with the default budget). */
  peakAboveBeforeMb: number;
  /** Answers of the first sending (503s are sent again a second later, as a provider retries). */
  firstAnswers: string[];
  sends: number;
  allTakenMs: number;
}

/**
 * LARGE_MESSAGES messages of about 34 MB sent at once (a mail provider forwarding a burst), each one
 * answered 503 sent again a second later until taken: the service's peak RSS meanwhile.
 */
async function largeMessagesAtOnce(port: number, pid: number): Promise<LargeMailRun> {
  const messages = Array.from({ length: LARGE_MESSAGES }, (_, index) => largeMessage(`bench-large-${index}`));
  const rssBefore = rssOf(pid);
  const peakOf = watchPeakRss([pid]);
  const started = performance.now();
  let sends = 0;
  const firstAnswers: string[] = [];
  await Promise.all(
    messages.map(async (raw, index) => {
      for (;;) {
        sends += 1;
        const { outcome } = await sendMail(port, raw);
        firstAnswers[index] ??= outcome;
        if (!outcome.startsWith('503')) {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }),
  );
  const allTakenMs = performance.now() - started;
  const peak = peakOf();
  return {
    messages: messages.length,
    bytesEach: messages[0].length,
    rssBeforeMb: round2(rssBefore / 1024 / 1024),
    peakRssMb: round2(peak / 1024 / 1024),
    peakAboveBeforeMb: round2((peak - rssBefore) / 1024 / 1024),
    firstAnswers,
    sends,
    allTakenMs: round2(allTakenMs),
  };
}

/**
 * Probes /health/live one request after another until stopped, on a thread of its own: the bench's
 * main thread is busy sending megabytes of mail, and its own delays must not count as the service's.
 * Answers the latencies seen.
 */
export function probeLiveness(port: number): { ready: () => Promise<void>; stop: () => Promise<number[]> } {
  const prober = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const { performance } = require('node:perf_hooks');
     let running = true;
     parentPort.once('message', () => (running = false));
     (async () => {
       const latencies = [];
       while (running) {
         const started = performance.now();
         await (await fetch(workerData.url)).arrayBuffer();
         latencies.push(performance.now() - started);
         if (latencies.length === 1) {
           parentPort.postMessage('ready');
         }
       }
       parentPort.postMessage(latencies);
     })();`,
    { eval: true, workerData: { url: `http://127.0.0.1:${port}/health/live` } },
  );
  const messages: unknown[] = [];
  const waiters: (() => void)[] = [];
  prober.on('message', (message: unknown) => {
    messages.push(message);
    waiters.shift()?.();
  });
  const next = async (): Promise<unknown> => {
    if (messages.length === 0) {
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    return messages.shift();
  };
  return {
    ready: async () => {
      await next();
    },
    stop: async () => {
      prober.postMessage('stop');
      const seen = (await next()) as number[];
      await prober.terminate();
      // The first probe opened the connection before the mail was sent: not part of the measure.
      return seen.length > 1 ? seen.slice(1) : seen;
    },
  };
}

async function sendMail(port: number, raw: Buffer): Promise<{ outcome: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/inbound/email`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${INBOUND_TOKEN}`, 'Content-Type': 'message/rfc822' },
    body: new Uint8Array(raw),
  });
  const body = (await response.json()) as { outcome?: string; message?: string };
  return { outcome: `${response.status} ${body.outcome ?? body.message}`, ms: performance.now() - started };
}

/** Median time of every local spam check on a 64 KiB hostile body of each shape. */
function spamTimings(): { shape: string; medianMs: number }[] {
  const size = 64 * 1024;
  const shapes: [string, string][] = [
    ['<a repeated', '<a '.repeat(size / 3)],
    ['<a href repeated', '<a href '.repeat(size / 8)],
    ['http:// repeated', 'http://'.repeat(size / 7)],
    ['[url repeated', '[url'.repeat(size / 4)],
    ['one long word', 'x'.repeat(size)],
    ['plain words', 'word '.repeat(size / 5)],
  ];
  return shapes.map(([shape, message]) => {
    const runs = Array.from({ length: 41 }, (_, index) => {
      const started = performance.now();
      localSpamChecks({ name: 'Mallory', email: `m${index}@example.com`, message });
      return performance.now() - started;
    }).sort((a, b) => a - b);
    return { shape, medianMs: round2(runs[20]) };
  });
}

/** Median time to read each hostile Authentication-Results value (as acknowledgements do). */
function authenticationResultsTimings(): { shape: string; medianMs: number }[] {
  return HOSTILE_AUTHENTICATION_RESULTS.map((value) => {
    const runs = Array.from({ length: 21 }, () => {
      const started = performance.now();
      senderDomainAuthenticated([value], 'example.com', ['mx.intake.test']);
      return performance.now() - started;
    }).sort((a, b) => a - b);
    return { shape: `${value.slice(16, 40)}... (${value.length} chars)`, medianMs: round2(runs[10]) };
  });
}

export async function runHostileMailBench(): Promise<void> {
  await ensureDatabase(databaseUrl);
  const port = await freePort();
  const server = await startServer(
    process.execPath,
    ['dist/main.js'],
    {
      ...process.env,
      NODE_ENV: 'production',
      ROLE: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: runPrefix,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      INBOUND_TOKEN,
      LOG_LEVEL: 'error',
    },
    port,
  );
  const timings: MailTiming[] = [];
  let large: LargeMailRun | undefined;
  try {
    const idle = probeLiveness(port);
    await idle.ready();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleLatencies = (await idle.stop()).sort((a, b) => a - b);
    process.stdout.write(
      `/health/live at rest: p50 ${round2(idleLatencies[Math.floor(idleLatencies.length / 2)])} ms, ` +
        `worst ${round2(idleLatencies.at(-1)!)} ms (${idleLatencies.length} probes)\n`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const { name, raw } of hostileMessages(`bench-${round}`)) {
        const prober = probeLiveness(port);
        await prober.ready();
        const { outcome, ms } = await sendMail(port, raw);
        const latencies = await prober.stop();
        timings.push({
          message: name,
          bytes: raw.length,
          outcome,
          answerMs: round2(ms),
          probes: latencies.length,
          worstLiveMs: round2(Math.max(...latencies)),
        });
        const last = timings.at(-1)!;
        process.stdout.write(
          `${name.padEnd(28)} ${String(raw.length).padStart(9)} B  ${outcome.padEnd(16)} answered in ` +
            `${String(last.answerMs).padStart(8)} ms; worst /health/live ${String(last.worstLiveMs).padStart(7)} ms ` +
            `(${last.probes} probes)\n`,
        );
      }
    }
    large = await largeMessagesAtOnce(port, server.child.pid!);
    process.stdout.write(
      `\n${large.messages} messages of ${large.bytesEach} B at once: first answers ${large.firstAnswers.join(', ')}; ` +
        `${large.sends} sends, all taken in ${large.allTakenMs} ms; RSS ${large.rssBeforeMb} MiB before, ` +
        `peak ${large.peakRssMb} MiB (${large.peakAboveBeforeMb} MiB above)\n`,
    );
  } finally {
    await server.stop();
    await deleteKeysUnder(redisUrl, runPrefix);
    await dropDatabase(databaseUrl);
  }
  const spam = spamTimings();
  const authenticationResults = authenticationResultsTimings();
  const worstByMessage = [...new Set(timings.map((timing) => timing.message))].map((message) => {
    const runs = timings.filter((timing) => timing.message === message);
    return {
      message,
      bytes: runs[0].bytes,
      outcome: runs[0].outcome,
      answerMs: Math.max(...runs.map((run) => run.answerMs)),
      worstLiveMs: Math.max(...runs.map((run) => run.worstLiveMs)),
    };
  });
  process.stdout.write(
    `\n| message | bytes | answer | slowest answer ms | worst /health/live ms |\n|---|---|---|---|---|\n`,
  );
  for (const row of worstByMessage) {
    process.stdout.write(`| ${row.message} | ${row.bytes} | ${row.outcome} | ${row.answerMs} | ${row.worstLiveMs} |\n`);
  }
  process.stdout.write(`\n| 64 KiB body | every spam check, median ms |\n|---|---|\n`);
  for (const row of spam) {
    process.stdout.write(`| ${row.shape} | ${row.medianMs} |\n`);
  }
  process.stdout.write(`\n| hostile Authentication-Results | read, median ms |\n|---|---|\n`);
  for (const row of authenticationResults) {
    process.stdout.write(`| ${row.shape} | ${row.medianMs} |\n`);
  }
  const worstLive = Math.max(...worstByMessage.map((row) => row.worstLiveMs));
  const worstSpam = Math.max(...spam.map((row) => row.medianMs));
  process.stdout.write(
    `\nworst /health/live beside a hostile message: ${worstLive} ms (target ${HEALTH_TARGET_MS}): ` +
      `${worstLive <= HEALTH_TARGET_MS ? 'met' : 'NOT met'}; slowest spam check: ${worstSpam} ms ` +
      `(target ${SPAM_TARGET_MS}): ${worstSpam <= SPAM_TARGET_MS ? 'met' : 'NOT met'}\n`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/hostile-mail.json',
    `${JSON.stringify(
      { date: new Date().toISOString(), rounds: ROUNDS, messages: worstByMessage, large, spam, authenticationResults },
      null,
      2,
    )}\n`,
  );
}
