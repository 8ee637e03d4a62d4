/// <reference lib="dom" />
import { simpleParser } from 'mailparser';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { freePort, StartedProcess, startService } from './support/processes';
import { SmtpSink } from './support/smtp-sink';
import { waitUntil } from './support/wait';
import { submitTo } from './support/service-calls';

const PASSWORD = 'accounts test passphrase';
const DOCS = join(__dirname, '..', 'docs');
/** `WRITE_SCREENSHOTS=1` refreshes the phone screenshots in docs/ (committed with the change). */
const WRITE_SCREENSHOTS = process.env.WRITE_SCREENSHOTS === '1';
const PHONE = { width: 390, height: 844 };
/** Every phone screen, for a person to look at (not committed). */
const ARTIFACTS = join(__dirname, 'artifacts');

/**
 * Passwords in the console and the phone layout, in a real browser (Debian's Chromium) against two
 * real API processes on one database: one without SMTP_URL (an admin's reset shows a one-time
 * password) and one with SMTP_URL pointing at a capture server (a reset mails a link).
 */
describe('staff console: passwords and the phone layout (browser)', () => {
  const smtp = new SmtpSink();
  let suite: ConsoleSuite;
  let mailing: StartedProcess;
  let base: string;
  let mailingBase: string;
  let env: Record<string, string>;
  let token: string;
  const people: Record<string, { email: string; id: string; name: string }> = {};

  const emailOf = (label: string) => `${label}.${randomBytes(3).toString('hex')}@example.com`;
  const submit = (body: Record<string, unknown>): Promise<string> => submitTo(base, token, body);

  async function signIn(page: Page, email: string, password: string, at = base): Promise<void> {
    await page.goto(`${at}/staff/`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  async function signedIn(email: string, context?: BrowserContext, password = PASSWORD): Promise<Page> {
    const page = await (context ?? (await suite.browser.newContext())).newPage();
    await signIn(page, email, password);
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    return page;
  }
  const axeClean = async (page: Page, where: string) => {
    expect([where, ...(await seriousAxeViolations(page))]).toEqual([where]);
  };

  beforeAll(async () => {
    await smtp.start();
    people.admin = { email: emailOf('admin'), id: '', name: 'Ada Admin' };
    suite = await startConsoleSuite('accounts', { admin: { ...people.admin, password: PASSWORD } });
    ({ base, env } = suite);
    const mailingPort = await freePort();
    mailingBase = `http://127.0.0.1:${mailingPort}`;
    // A second process on the same database and Redis prefix, the one with SMTP.
    mailing = await startService({
      ...env,
      PORT: String(mailingPort),
      HEALTH_PORT: '0',
      SMTP_URL: smtp.url,
      REPLY_FROM: 'console@intake.test',
      PUBLIC_URL: mailingBase,
    });
    const admin = suite.admin;
    people.admin.id = admin.id;
    for (const [label, name] of [
      ['agent', 'Alan Agent'],
      ['forgetful', 'Fay Forgetful'],
      ['linked', 'Lin Linked'],
    ]) {
      const email = emailOf(label);
      people[label] = { email, name, id: await admin.createStaff({ email, name, role: 'agent', password: PASSWORD }) };
    }
    token = await suite.websiteToken();
    await admin.createKey('Partner portal with a long name');
    await submit({
      name: 'Katherine Johnson',
      email: 'kj@example.com',
      phone: '+1 757 555 0100',
      business: 'NASA Langley Research Center',
      message: 'Trajectory numbers for the next flight, please call back before Friday. '.repeat(3),
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await mailing?.stop();
    await suite?.stop();
    await smtp.stop();
  });

  it('lets a person change their own password from "Your account", saying clearly what was wrong', async () => {
    const { email } = people.agent;
    const page = await signedIn(email);
    await page.getByRole('link', { name: /Your account/ }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    const form = page.getByRole('form', { name: 'Change password' });
    const next = 'a new passphrase for Alan';

    await form.getByLabel('Current password').fill('not my password at all');
    await form.getByLabel('New password', { exact: true }).fill(next);
    await form.getByLabel('Confirm new password').fill(next);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').getByText('The current password is wrong.').waitFor();

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(next);
    await form.getByLabel('Confirm new password').fill(`${next}!`);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').getByText('The new password and its confirmation differ.').waitFor();

    await form.getByLabel('Confirm new password').fill('short');
    await form.getByLabel('New password', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').getByText('The password must be at least 12 characters long.').waitFor();

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(next);
    await form.getByLabel('Confirm new password').fill(next);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').getByText('Your password was changed.').waitFor();
    // This session goes on (under a new cookie); the old password no longer signs in, the new one does.
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('list', { name: 'Submission list' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, email, PASSWORD);
    await page.getByRole('alert').getByText('Invalid e-mail or password.').waitFor();
    await signIn(page, email, next);
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await page.context().close();
  });

  it("lets an admin reset an agent's password to a one-time password, which the agent must replace at sign-in", async () => {
    const admin = await (
      await suite.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
    ).newPage();
    await signIn(admin, people.admin.email, PASSWORD);
    await admin.getByRole('link', { name: 'Staff' }).click();
    const row = admin.getByRole('row', { name: /Fay Forgetful/ });
    admin.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Reset password' }).click();
    const oneTime = (await admin.getByTestId('one-time-password').textContent())!;
    expect(oneTime).toMatch(/^[A-Za-z0-9]{20}$/);
    await admin.getByRole('button', { name: 'Copy' }).click();
    await admin.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(oneTime);
    await admin.getByRole('button', { name: 'Done' }).click();
    expect(await admin.content()).not.toContain(oneTime);
    await row.getByText('to choose a password').waitFor();

    const agent = await (await suite.browser.newContext()).newPage();
    await signIn(agent, people.forgetful.email, PASSWORD);
    await agent.getByRole('alert').getByText('Invalid e-mail or password.').waitFor();
    await signIn(agent, people.forgetful.email, oneTime);
    await agent.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect(await agent.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    await axeClean(agent, 'choose your password');
    const chosen = 'Fay chose this herself';
    const form = agent.getByRole('form', { name: 'Choose your password' });
    await form.getByLabel('New password', { exact: true }).fill(chosen);
    await form.getByLabel('Confirm new password').fill(chosen);
    await form.getByRole('button', { name: 'Save password' }).click();
    await agent.getByRole('navigation', { name: 'Sections' }).waitFor();
    await agent.getByRole('list', { name: 'Submission list' }).getByRole('link').first().waitFor();
    await agent.getByRole('button', { name: 'Sign out' }).click();
    await signIn(agent, people.forgetful.email, oneTime);
    await agent.getByRole('alert').getByText('Invalid e-mail or password.').waitFor();
    await signIn(agent, people.forgetful.email, chosen);
    await agent.getByRole('navigation', { name: 'Sections' }).waitFor();
    await admin.context().close();
    await agent.context().close();
  });

  it('with SMTP set, mails a reset link whose page sets a new password once', async () => {
    const admin = await (await suite.browser.newContext()).newPage();
    await signIn(admin, people.admin.email, PASSWORD, mailingBase);
    await admin.getByRole('link', { name: 'Staff' }).click();
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin
      .getByRole('row', { name: /Lin Linked/ })
      .getByRole('button', { name: 'Reset password' })
      .click();
    await admin.getByRole('status').getByText(`A reset link was sent to ${people.linked.email}.`).waitFor();
    await waitUntil(() => smtp.received.some((mail) => mail.to.includes(people.linked.email)), 'the reset mail');
    const mail = await simpleParser(smtp.received.find((received) => received.to.includes(people.linked.email))!.raw);
    const link = /http:\/\/\S+\/staff\/#\/reset\?token=[A-Za-z0-9_-]+/.exec(mail.text!)![0];

    const agent = await (await suite.browser.newContext()).newPage();
    await agent.goto(link);
    await agent.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const chosen = 'Lin picked a new one';
    const setPassword = async () => {
      const form = agent.getByRole('form', { name: 'Choose a new password' });
      await form.getByLabel('New password', { exact: true }).fill(chosen);
      await form.getByLabel('Confirm new password').fill(chosen);
      await form.getByRole('button', { name: 'Set password' }).click();
    };
    await setPassword();
    await agent.getByRole('status').getByText('Your new password is set.').waitFor();
    await agent.getByRole('button', { name: 'Go to sign-in' }).click();
    await agent.getByLabel('E-mail').fill(people.linked.email);
    await agent.getByLabel('Password').fill(chosen);
    await agent.getByRole('button', { name: 'Sign in' }).click();
    await agent.getByRole('navigation', { name: 'Sections' }).waitFor();
    // The link worked once.
    const again = await (await suite.browser.newContext()).newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const form = again.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('New password', { exact: true }).fill('someone else again');
    await form.getByLabel('Confirm new password').fill('someone else again');
    await form.getByRole('button', { name: 'Set password' }).click();
    await again
      .getByRole('alert')
      .getByText(/This reset link is not valid/)
      .waitFor();
    for (const page of [admin, agent, again]) {
      await page.context().close();
    }
  });

  describe('on a phone (390 x 844)', () => {
    /** The screens beside the inbox: the link that opens each, and its heading. */
    const SCREENS: [string | RegExp, string][] = [
      ['API keys', 'API keys'],
      ['Canned replies', 'Canned replies'],
      ['Staff', 'Staff accounts'],
      ['Audit', 'Audit log'],
      ['Unmatched mail', 'Unmatched mail'],
      [/Your account/, 'Your account'],
    ];
    const open = async (page: Page, link: string | RegExp, heading: string) => {
      await page.getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
    };
    /** Nothing is wider than the viewport: no sideways scrolling, nothing cut off at the edge. */
    const fitsTheWidth = async (page: Page, where: string) => {
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        overflowing: [...document.querySelectorAll('body *')]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
          })
          .map((element) => element.tagName + (element.textContent ?? '').slice(0, 30)),
      }));
      expect({ where, ...widths }).toEqual({ where, page: expect.any(Number), overflowing: [] });
      expect(widths.page).toBeLessThanOrEqual(PHONE.width);
    };
    const phone = (colorScheme: 'light' | 'dark') =>
      suite.browser.newContext({ viewport: PHONE, colorScheme, isMobile: true, hasTouch: true });

    it('fits every screen: the filters fold away, the first submission starts within 350 px, the keys keep Edit and Revoke in view', async () => {
      const context = await phone('light');
      const signInPage = await context.newPage();
      await signInPage.goto(`${base}/staff/`);
      await signInPage.getByLabel('E-mail').waitFor();
      await fitsTheWidth(signInPage, 'sign-in');
      await signInPage.close();

      const page = await signedIn(people.admin.email, context);
      const list = page.getByRole('list', { name: 'Submission list' });
      const first = list.getByRole('link').first();
      await first.waitFor();
      expect(await page.getByLabel('Assignee').isVisible()).toBe(false);
      expect((await first.boundingBox())!.y).toBeLessThan(350);
      await fitsTheWidth(page, 'inbox');
      await page.screenshot({ path: join(WRITE_SCREENSHOTS ? DOCS : ARTIFACTS, 'console-phone-inbox.png') });
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Assignee').waitFor();
      expect(await page.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('true');
      await fitsTheWidth(page, 'inbox with its filters');
      await page.screenshot({ path: join(ARTIFACTS, 'console-phone-filters.png') });
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Assignee').waitFor({ state: 'hidden' });
      // The keyboard shortcut unfolds them and puts the focus on the first.
      await page.keyboard.press('f');
      await page.waitForFunction(() => document.activeElement?.closest('label')?.textContent?.startsWith('Assignee'));
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Assignee').waitFor({ state: 'hidden' });

      await first.click();
      await page.getByRole('region', { name: 'Katherine Johnson' }).waitFor();
      await fitsTheWidth(page, 'detail');
      await page.screenshot({ path: join(WRITE_SCREENSHOTS ? DOCS : ARTIFACTS, 'console-phone-detail.png') });

      await page.getByRole('link', { name: 'API keys' }).click();
      const key = page.getByRole('row', { name: /Partner portal with a long name/ });
      await key.waitFor();
      await fitsTheWidth(page, 'keys');
      await page.screenshot({ path: join(WRITE_SCREENSHOTS ? DOCS : ARTIFACTS, 'console-keys-phone.png') });
      for (const name of ['Edit limits', 'Revoke']) {
        const button = key.getByRole('button', { name });
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      page.once('dialog', (dialog) => void dialog.dismiss());
      await key.getByRole('button', { name: 'Revoke' }).click();
      await key.getByRole('button', { name: 'Edit limits' }).click();
      await key.getByRole('form', { name: /Limits of/ }).waitFor();
      await fitsTheWidth(page, 'keys while editing limits');
      await key.getByRole('button', { name: 'Cancel' }).click();
      await key.getByText('active').waitFor();

      for (const [link, heading] of SCREENS.slice(1)) {
        await open(page, link, heading);
        await page.screenshot({
          path: join(ARTIFACTS, `console-phone-${heading.replace(/ /g, '-').toLowerCase()}.png`),
        });
        await fitsTheWidth(page, heading);
      }
      await context.close();
    });

    it.each(['light', 'dark'] as const)(
      'has no serious accessibility violation on any screen in %s mode',
      async (scheme) => {
        const context = await phone(scheme);
        const anonymous = await context.newPage();
        await anonymous.goto(`${base}/staff/`);
        await anonymous.getByLabel('E-mail').waitFor();
        await axeClean(anonymous, 'sign-in');
        await anonymous.goto(`${base}/staff/#/reset?token=not-a-real-token`);
        await anonymous.getByRole('heading', { name: 'Choose a new password' }).waitFor();
        await axeClean(anonymous, 'reset link page');
        await anonymous.close();

        const page = await signedIn(people.admin.email, context);
        await page.getByRole('list', { name: 'Submission list' }).getByRole('link').first().waitFor();
        await axeClean(page, 'inbox');
        await page.getByRole('button', { name: 'Filters' }).click();
        await axeClean(page, 'inbox with its filters');
        await page.getByRole('list', { name: 'Submission list' }).getByRole('link').first().click();
        await page.locator('.detail h2').waitFor();
        await axeClean(page, 'detail');
        for (const [link, heading] of SCREENS) {
          await open(page, link, heading);
          await axeClean(page, heading);
        }
        await context.close();
      },
    );
  });
});
