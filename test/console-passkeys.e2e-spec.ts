/// <reference lib="dom" />

import { BrowserContext, CDPSession, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { simpleParser } from 'mailparser';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './support/processes';
import { StaffAdmin } from './support/service-calls';
import { SmtpSink } from './support/smtp-sink';

/** `WRITE_SCREENSHOTS=1` refreshes the passkey screenshot in docs/ (committed with the change). */
const SHOTS = join(__dirname, process.env.WRITE_SCREENSHOTS === '1' ? '../docs' : 'artifacts');

const ADMIN = { email: 'pass.key@example.com', name: 'Pia Passkey', password: 'passkey admin passphrase' };

/**
 * Passkeys in a real Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain):
 * registered from Your account, then signing in on their own and as the second factor after a
 * password (issue 40, point 2). WebAuthn needs a host name for its relying party (never an IP
 * address), so the console is reached as `localhost`.
 */
describe('staff console: passkeys (browser, virtual authenticator)', () => {
  let api: ConsoleSuite;
  let base: string;
  let admin: StaffAdmin;
  const smtp = new SmtpSink();

  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    const smtpUrl = await smtp.start();
    api = await startConsoleSuite('consolepasskeys', {
      admin: ADMIN,
      settings: { PORT: String(port), SMTP_URL: smtpUrl },
    });
    admin = api.admin;
  });
  afterAll(async () => {
    await api?.stop();
    await smtp.stop();
  });

  /** A browser context with one authenticator that keeps discoverable credentials and verifies its user. */
  async function withAuthenticator(): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; id: string }> {
    const context = await api.browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { context, page, cdp, id: authenticatorId };
  }

  it('registers a passkey, signs in with it alone, and uses it as the second factor after the password', async () => {
    const device = await withAuthenticator();
    // The authenticator belongs to this page (its DevTools target): sign in on it, not on a new one.
    const signedIn = device.page;
    await signedIn.goto(`${base}/staff/`);
    await signedIn.getByLabel('E-mail').fill(ADMIN.email);
    await signedIn.getByLabel('Password').fill(ADMIN.password);
    await signedIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signedIn.getByRole('navigation', { name: 'Sections' }).waitFor();
    await signedIn.goto(`${base}/staff/#/account`);
    const section = signedIn.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel('Name of the new passkey').fill('Laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByRole('cell', { name: 'Laptop' }).waitFor();
    expect(await seriousAxeViolations(signedIn)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await section.screenshot({ path: join(SHOTS, 'console-passkeys.png') });
    // The account's address is told (someone in a stolen session cannot add a passkey unseen).
    const notices = await Promise.all(
      smtp.received.map(async (mail) => [mail.to, (await simpleParser(mail.raw)).subject]),
    );
    expect(notices).toContainEqual([[ADMIN.email], 'A passkey named Laptop was added to your staff account']);
    const { credentials } = await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.id });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);

    // Signed out, the passkey alone signs in (no e-mail, no password).
    await signedIn.getByRole('button', { name: 'Sign out' }).click();
    await signedIn.getByRole('button', { name: 'Use a passkey' }).click();
    await signedIn.getByRole('navigation', { name: 'Sections' }).waitFor();
    await signedIn.goto(`${base}/staff/#/account`);
    await signedIn.getByText('This session').waitFor();
    expect(
      await signedIn
        .getByRole('region', { name: 'Sessions' })
        .getByRole('row')
        .filter({ hasText: 'This session' })
        .textContent(),
    ).toContain('Passkey');

    // With a passkey the password is no longer enough: the second step offers the passkey.
    await signedIn.getByRole('button', { name: 'Sign out' }).click();
    await signedIn.getByLabel('E-mail').fill(ADMIN.email);
    await signedIn.getByLabel('Password').fill(ADMIN.password);
    await signedIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signedIn.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await signedIn.getByRole('button', { name: 'Use a passkey' }).click();
    await signedIn.getByRole('navigation', { name: 'Sections' }).waitFor();
    await device.context.close();
  });

  it('keeps the new screens clean for axe at 1280 and 390 px, light and dark', async () => {
    const axel = {
      email: 'axel.axe@example.com',
      name: 'Axel Axe',
      role: 'admin' as const,
      password: 'axe checker passphrase',
    };
    await admin.createStaff(axel);
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await api.browser.newContext({ viewport: { width, height }, colorScheme });
        const page = await context.newPage();
        const where = `${width} px ${colorScheme}`;
        await page.goto(`${base}/staff/`);
        await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
        expect([where, 'sign-in', await seriousAxeViolations(page)]).toEqual([where, 'sign-in', []]);
        await page.getByLabel('E-mail').fill(axel.email);
        await page.getByLabel('Password').fill(axel.password);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.getByRole('navigation', { name: 'Sections' }).waitFor();
        await page.goto(`${base}/staff/#/account`);
        await page.getByRole('region', { name: 'Sessions' }).getByText('This session').waitFor();
        expect([where, 'account', await seriousAxeViolations(page)]).toEqual([where, 'account', []]);
        await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
        await page.getByRole('img', { name: "QR code of the authenticator app's key" }).waitFor();
        expect([where, 'set-up', await seriousAxeViolations(page)]).toEqual([where, 'set-up', []]);
        await page.goto(`${base}/staff/#/settings`);
        await page.getByRole('heading', { name: 'Mailbox' }).waitFor();
        expect([where, 'settings', await seriousAxeViolations(page)]).toEqual([where, 'settings', []]);
        await context.close();
      }
    }
  });
});
