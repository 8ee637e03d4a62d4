/// <reference lib="dom" />

import { randomBytes } from 'node:crypto';

import { Page } from 'playwright-core';
import { COOKIE_NEEDS_HTTPS } from '../src/staff-accounts/staff-cookie';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';

const PASSWORD = 'plain http test passphrase';

/**
 * A production service reached over plain HTTP through a host name that is not a secure context
 * (Chromium keeps Secure cookies on 127.x and localhost, so `intake.test` is mapped to 127.0.0.1 with
 * --host-resolver-rules): the console must say why sign-in cannot work instead of showing the empty
 * form again.
 */
describe('staff console in production over plain HTTP (browser)', () => {
  let suite: ConsoleSuite;
  let port: number;
  const email = `plain.${randomBytes(3).toString('hex')}@example.com`;

  beforeAll(async () => {
    suite = await startConsoleSuite('plainhttp', {
      admin: { email, name: 'Pat', password: PASSWORD },
      settings: { NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex') },
      chromiumArgs: [`--host-resolver-rules=MAP intake.test 127.0.0.1`],
    });
    port = Number(suite.env.PORT);
  });

  afterAll(() => suite?.stop());

  async function signIn(origin: string): Promise<Page> {
    const page = await (await suite.browser.newContext()).newPage();
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
