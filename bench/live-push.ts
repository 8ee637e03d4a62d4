/**
 * `npm run bench -- --scenario live-push`: how soon a new submission shows in an open console. Starts an
 * API process (ROLE=api, production) on a database of its own, signs an agent in to the console in
 * Debian's Chromium (headless), then sends BENCH_LIVE_SAMPLES (default 20) submissions 600 ms apart and
 * times each from its POST /contact_api.php to its row in the inbox (a MutationObserver in the page
 * notes the moment, on the same clock as this process). Prints median, p90 and max and writes
 * bench/results/live-push.json; removes the database and Redis keys at the end.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Browser } from 'playwright-core';
import { dropDatabase, ensureDatabase } from '../src/database/ensure-database';
import { launchChromium } from '../test/support/browser';
import { deleteKeysUnder } from '../test/support/redis-keys';
import { BENCH_REDIS_URL, createKey, freePort, runPrefixOf, serviceEnv, startServer, stopLiveServers } from './support';

const SAMPLES = Number(process.env.BENCH_LIVE_SAMPLES ?? 20);
/** Arrivals spaced out as real ones are: back to back, a burst's refreshes are spread (see the inbox). */
const SPACING_MS = 600;
const PASSWORD = 'live push bench passphrase';

const databaseUrl = `mysql://root@127.0.0.1:3306/contact_intake_bench_live_${randomBytes(3).toString('hex')}`;
const runPrefix = runPrefixOf();

export async function runLivePushBench(): Promise<void> {
  let browser: Browser | undefined;
  try {
    await ensureDatabase(databaseUrl);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = serviceEnv(databaseUrl, runPrefix, { LOG_LEVEL: 'error' });
    await startServer(
      process.execPath,
      ['dist/main.js'],
      { ...env, ROLE: 'api', PORT: String(port), HOST: '127.0.0.1' },
      port,
    );
    const email = `agent.${randomBytes(3).toString('hex')}@example.com`;
    execFileSync(
      process.execPath,
      [
        'dist/cli.js',
        'staff',
        'create',
        '--email',
        email,
        '--name',
        'Bench Agent',
        '--role',
        'agent',
        '--password-stdin',
      ],
      { env, input: PASSWORD },
    );
    const { key } = createKey(env);
    const tokens = await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } });
    const { access_token: token } = (await tokens.json()) as { access_token: string };

    browser = await launchChromium();
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/staff/`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('list', { name: 'Submission list' }).waitFor({ state: 'attached' });

    const samples: number[] = [];
    for (let n = 0; n < SAMPLES; n++) {
      const name = `Timed ${randomBytes(3).toString('hex')}`;
      const appeared = page.evaluate(
        (name) =>
          new Promise<number>((resolve) => {
            const observer = new MutationObserver(() => {
              const links = document.querySelectorAll('[aria-label="Submission list"] a');
              if ([...links].some((link) => link.textContent?.startsWith(name))) {
                observer.disconnect();
                resolve(Date.now());
              }
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          }),
        name,
      );
      await new Promise((resolve) => setTimeout(resolve, SPACING_MS));
      const sent = Date.now();
      const answer = await fetch(`${base}/contact_api.php`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, message: 'How soon does this show?' }),
      });
      if (answer.status !== 200) {
        throw new Error(`a submission was answered ${answer.status}`);
      }
      samples.push((await appeared) - sent);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
    const result = {
      samples: samples.length,
      median_ms: at(0.5),
      p90_ms: at(0.9),
      max_ms: samples[samples.length - 1],
    };
    process.stdout.write(
      `live push, POST /contact_api.php to the row in an open console, ${result.samples} submissions: ` +
        `median ${result.median_ms} ms, p90 ${result.p90_ms} ms, max ${result.max_ms} ms\n`,
    );
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      'bench/results/live-push.json',
      `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`,
    );
  } finally {
    await browser?.close();
    await stopLiveServers();
    await deleteKeysUnder(BENCH_REDIS_URL, runPrefix);
    await dropDatabase(databaseUrl);
  }
}
