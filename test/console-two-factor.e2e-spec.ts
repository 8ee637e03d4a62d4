/// <reference lib="dom" />

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import { BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';

/** `WRITE_SCREENSHOTS=1` refreshes the set-up screenshots in docs/ (committed with the change). */
const SHOTS = join(__dirname, process.env.WRITE_SCREENSHOTS === '1' ? '../docs' : 'artifacts');

const ADMIN = { email: 'two.factor@example.com', name: 'Tove Factor', password: 'two factor admin passphrase' };

/**
 * Two-factor sign-in in a real Chromium (issue 40, points 1, 3 and 4): with STAFF_2FA_REQUIRED=admin
 * an admin is taken straight to setting up an authenticator app (a QR code made on the page), sees
 * the recovery codes once, and then signs in with a code, or a recovery code.
 */
describe('staff console: two-factor sign-in (browser)', () => {
  let api: ConsoleSuite;

  beforeAll(async () => {
    api = await startConsoleSuite('consoletotp', { admin: ADMIN, settings: { STAFF_2FA_REQUIRED: 'admin' } });
  });
  afterAll(() => api?.stop());

  async function passwordStep(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${api.base}/staff/`);
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page;
  }

  it('takes a required admin to set up an app, shows the recovery codes once, then asks for a code at sign-in', async () => {
    const context = await api.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await passwordStep(context);
    // Held at the set-up: no sections until a second factor exists.
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    expect(await page.getByText('Your administrators require a second factor').count()).toBe(1);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const qr = page.getByRole('img', { name: "QR code of the authenticator app's key" });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'console-two-factor-setup.png') });
    const secret = ((await page.locator('code.totp-key').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    const recovery = (await codes.allTextContents()).map((code) => code.trim());
    expect(recovery).toHaveLength(10);
    await page.screenshot({ path: join(SHOTS, 'console-two-factor-codes.png') });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await context.close();

    // Signing in again asks for the second step; a recovery code completes it (the app's code of this
    // period was spent on the set-up), and a wrong one says so.
    const phone = await api.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const again = await passwordStep(phone);
    await again.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    expect(await phone.cookies()).toEqual([
      expect.objectContaining({ name: 'ci_login', httpOnly: true, sameSite: 'Strict' }),
    ]);
    expect(await seriousAxeViolations(again)).toEqual([]);
    await again.screenshot({ path: join(SHOTS, 'console-two-factor-sign-in.png') });
    await again.getByLabel('Code from your authenticator app').fill('000000');
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    await again.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await again.getByLabel('Recovery code').fill(recovery[0]);
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByRole('navigation', { name: 'Sections' }).waitFor();
    expect((await phone.cookies()).map((cookie) => cookie.name)).toContain('ci_staff');
    // Your account lists the sessions: this one, signed in with a recovery code, and the laptop's.
    await again.goto(`${api.base}/staff/#/account`);
    const rows = again.getByRole('region', { name: 'Sessions' }).getByRole('row');
    await again.getByText('This session').waitFor();
    expect(await rows.filter({ hasText: 'This session' }).textContent()).toContain('Password and recovery code');
    expect(await seriousAxeViolations(again)).toEqual([]);
    await phone.close();
  });
});
