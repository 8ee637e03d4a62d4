/// <reference lib="dom" />

import { randomBytes } from 'node:crypto';

import { Browser, Page } from 'playwright-core';
import { COOKIE_NEEDS_HTTPS } from '../src/staff-accounts/staff-cookie';
import { launchChromium } from './support/browser';
import { ownDatabase } from './support/own-database';
import { freePort, runCli, StartedProcess, startService } from './support/processes';
import { deleteKeysUnder } from './support/redis-keys';

const PASSWORD = 'plain http test passphrase';

/**
 * A production service reached over plain HTTP through a host name that is not a secure context
 * (Chromium keeps Secure cookies on 127.x and localhost, so `intake.test` is mapped to 127.0.0.1 with
 * --host-resolver-rules): the console must say why sign-in cannot work instead of showing the empty
 * form again.
 */
describe('staff console in production over plain HTTP (browser)', () => {
  let service: StartedProcess;
  let browser: Browser;
  let drop: () => Promise<void>;
  let port: number;
  let prefix: string;
  const email = `plain.${randomBytes(3).toString('hex')}@example.com`;

  beforeAll(async () => {
    const database = await ownDatabase();
    drop = database.drop;
    port = await freePort();
    prefix = `${process.env.REDIS_PREFIX}:plainhttp${randomBytes(3).toString('hex')}`;
    const env = {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: database.url,
      REDIS_PREFIX: prefix,
      PORT: String(port),
      HOST: '127.0.0.1',
      ROLE: 'api',
    };
    service = await startService(env);
    await runCli(
      ['staff', 'create', '--email', email, '--name', 'Pat', '--role', 'admin', '--password-stdin', '--json'],
      {
        env: { ...env, LOG_LEVEL: 'error' },
        input: PASSWORD,
      },
    );
    browser = await launchChromium([`--host-resolver-rules=MAP intake.test 127.0.0.1`]);
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await deleteKeysUnder(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix);
    await drop?.();
  });

  async function signIn(origin: string): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${origin}/staff/`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page;
  }

  it('says sign-in needs HTTPS (and how to get it) on a plain-HTTP host name', async () => {
    const page = await signIn(`http://intake.test:${port}`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(COOKIE_NEEDS_HTTPS);
    expect(await page.context().cookies()).toEqual([]);
  });

  it('signs in on 127.0.0.1, which browsers treat as a secure context', async () => {
    const page = await signIn(`http://127.0.0.1:${port}`);
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual(['__Host-ci_staff']);
  });
});
