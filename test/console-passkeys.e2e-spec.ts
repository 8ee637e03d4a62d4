/// <reference lib="dom" />

import { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium, seriousAxeViolations } from './support/browser';
import { freePort } from './support/processes';
import { ApiProcess, staffAdminAt, startApiProcess } from './support/service-calls';

const ADMIN = { email: 'pass.key@example.com', name: 'Pia Passkey', password: 'passkey admin passphrase' };

/**
 * Passkeys in a real Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain):
 * registered from Your account, then signing in on their own and as the second factor after a
 * password (issue 40, point 2). WebAuthn needs a host name for its relying party (never an IP
 * address), so the console is reached as `localhost`.
 */
describe('staff console: passkeys (browser, virtual authenticator)', () => {
  let api: ApiProcess;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    [api, browser] = await Promise.all([startApiProcess('consolepasskeys', { PORT: String(port) }), launchChromium()]);
    await staffAdminAt(api.base, api.env, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  /** A browser context with one authenticator that keeps discoverable credentials and verifies its user. */
  async function withAuthenticator(): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; id: string }> {
    const context = await browser.newContext();
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
});
