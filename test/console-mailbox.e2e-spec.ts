/// <reference lib="dom" />

import { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { OAuthProvider, startOAuthProvider } from './support/oauth-provider';
import { freePort } from './support/processes';

const ADMIN = { email: 'mailbox.admin@example.com', name: 'Mo Admin', password: 'mailbox admin passphrase' };

/**
 * Settings, Mailbox in a real Chromium (issue 39, point 5), and single sign-on with the same provider
 * (issue 40, point 5): an admin presses Connect, the browser goes
 * to the OAuth2 provider (oidc-provider, which approves at once) and comes back through the callback
 * to the console, which says the mailbox is connected; Disconnect forgets it again.
 */
describe('staff console: connecting the mailbox by OAuth2 (browser)', () => {
  let provider: OAuthProvider;
  let api: ConsoleSuite;
  let page: Page;

  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    provider = await startOAuthProvider(`${base}/staff/api/mailbox/callback,${base}/staff/sso/callback`, 'intake');
    api = await startConsoleSuite('consolemailbox', {
      admin: ADMIN,
      settings: {
        PORT: String(port),
        MAIL_OAUTH_PROVIDER: 'oidc',
        MAIL_OAUTH_ISSUER: provider.issuer,
        MAIL_OAUTH_CLIENT_ID: provider.clientId,
        MAIL_OAUTH_CLIENT_SECRET: provider.clientSecret,
        SMTP_URL: 'smtp://intake@127.0.0.1:9',
        // The same provider signs staff in (single sign-on), as one company's identity provider would.
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
      },
    });
    page = await api.signIn(ADMIN);
  });
  afterAll(async () => {
    await api?.stop();
    await provider?.stop();
  });

  const fact = (name: string) =>
    page.locator('dl.fields dt', { hasText: name }).locator('xpath=following-sibling::dd[1]');

  it('connects through the provider and back, shows the state, and disconnects', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Mailbox' }).waitFor();
    expect(await fact('State').textContent()).toBe('Not connected');
    expect(await fact('Signs in with').textContent()).toBe('OAuth2 (OpenID provider)');
    expect(await fact('Mailbox').textContent()).toBe('intake');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    // The provider's pages come and go; the browser lands back on the console's Settings.
    await page.waitForURL(/\/staff\/#\/settings\?mailbox=connected$/);
    await page.getByRole('status').filter({ hasText: 'The mailbox is connected.' }).waitFor();
    expect(await fact('State').textContent()).toBe('Connected');
    expect(await fact('Connected').textContent()).not.toBe('—');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Connect', exact: true }).waitFor();
    expect(await fact('State').textContent()).toBe('Not connected');
  });

  it('signs staff in with single sign-on through the provider, and says why it refuses an unknown address', async () => {
    const context = await api.browser.newContext();
    const fresh = await context.newPage();
    await provider.nextLogin({ account: ADMIN.email });
    await fresh.goto(`${api.base}/staff/`);
    expect(await seriousAxeViolations(fresh)).toEqual([]);
    await fresh.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await fresh.getByRole('navigation', { name: 'Sections' }).waitFor();
    expect(await fresh.locator('a.who').textContent()).toContain(ADMIN.name);
    await context.close();

    const stranger = await (await api.browser.newContext()).newPage();
    await provider.nextLogin({ account: 'stranger@example.com' });
    await stranger.goto(`${api.base}/staff/`);
    await stranger.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await stranger.waitForURL(/sso_error=/);
    await stranger.getByRole('alert').waitFor();
    expect(await stranger.getByRole('alert').textContent()).toContain('No active staff account has the address');
    await stranger.context().close();
  });

  it("shows a known error code in the console's words, and never the words of a link", async () => {
    // Links anyone could send, with words of their own where the error belongs.
    const planted = 'Your account is locked: call +1 555 0100 to unlock it';
    await page.goto(`${api.base}/staff/#/settings?mailbox_error=${encodeURIComponent(planted)}`);
    await page.reload(); // a new hash alone is the same document: the page reads the route as it loads
    await page.getByRole('heading', { name: 'Mailbox' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'The mailbox could not be connected: press Connect to try again.',
    );
    await page.goto(`${api.base}/staff/#/settings?mailbox_error=wrong_account`);
    await page.reload(); // a new hash alone is the same document: the page reads the route as it loads
    await page.getByRole('heading', { name: 'Mailbox' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('sign in at the provider as the mailbox');

    const signedOut = await (await api.browser.newContext()).newPage();
    await signedOut.goto(`${api.base}/staff/#/?sso_error=${encodeURIComponent(planted)}`);
    await signedOut.getByRole('alert').waitFor();
    expect(await signedOut.getByRole('alert').textContent()).toBe(
      'Single sign-on did not sign you in: try again, or sign in another way.',
    );
    // A known refusal's code gets the console's own words.
    await signedOut.goto(`${api.base}/staff/#/?sso_error=provider_refused`);
    await signedOut.reload(); // a new hash alone is the same document: the page reads the route as it loads
    await signedOut.getByRole('alert').waitFor();
    expect(await signedOut.getByRole('alert').textContent()).toBe(
      'The provider did not sign you in: try again, or sign in another way.',
    );
    await signedOut.context().close();
  });

  it('says why when the provider sends the browser back without a grant', async () => {
    // A callback whose state this service never issued (a stale tab, a forged link).
    await page.goto(`${api.base}/staff/api/mailbox/callback?state=stale&code=abc`);
    await page.waitForURL(/mailbox_error=/);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('press Connect again');
    expect(await fact('State').textContent()).toBe('Not connected');
  });
});
