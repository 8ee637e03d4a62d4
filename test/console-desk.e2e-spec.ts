/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { waitUntil } from './support/wait';

const PASSWORD = 'desk console test passphrase';
const ARTIFACTS = join(__dirname, 'artifacts');

/**
 * The helpdesk essentials in the console (issue 26, points 1 and 3), as an agent works in a real
 * browser against a real API process: a canned reply written once and inserted into a reply with the
 * requester's name, the reference and the agent's own name filled in; priority and tags set on a
 * submission; the inbox filtered by a tag; every screen axe-clean in light and dark.
 */
describe('staff console: canned replies, priority and tags (browser)', () => {
  let suite: ConsoleSuite;
  let base: string;
  const email = `desk.${randomBytes(3).toString('hex')}@example.com`;

  const submit = (body: Record<string, unknown>): Promise<string> => suite.submit(body);
  const checkAxe = async (page: Page) => {
    expect(await seriousAxeViolations(page)).toEqual([]);
  };

  function signedIn(context?: BrowserContext): Promise<Page> {
    return suite.signIn({ email, password: PASSWORD }, context);
  }

  beforeAll(async () => {
    suite = await startConsoleSuite('desk', {
      admin: { email: `admin.${email}`, name: 'Desk Admin', password: PASSWORD },
      staff: [{ email, name: 'Dana Agent', role: 'agent', password: PASSWORD }],
    });
    base = suite.base;
  });
  afterAll(() => suite?.stop());

  it('writes a canned reply and inserts it at the cursor of a reply with name, reference and agent filled in', async () => {
    const id = await submit({ name: 'Katherine Johnson', email: 'katherine@example.com', message: 'Orbit figures' });
    const page = await signedIn();

    await page.getByRole('link', { name: 'Canned replies' }).click();
    await page.getByRole('heading', { name: 'Canned replies' }).waitFor();
    const form = page.getByRole('form', { name: 'Add a canned reply' });
    await form.getByLabel('Title').fill('Figures checked');
    await form
      .getByLabel('Text')
      .fill('Dear {{name}}, your request [#{{ref}}] is checked. {{ unknown }} Regards, {{ agent }}');
    await form.getByRole('button', { name: 'Add canned reply' }).click();
    const list = page.getByRole('list', { name: 'Canned replies' });
    await list.getByRole('heading', { name: 'Figures checked' }).waitFor();
    // A title taken already is refused with the API's words.
    await form.getByLabel('Title').fill('FIGURES CHECKED');
    await form.getByLabel('Text').fill('Again');
    await form.getByRole('button', { name: 'Add canned reply' }).click();
    await page.getByRole('alert').getByText('A canned reply with this title already exists').waitFor();
    // Its author may edit and delete it.
    await list.getByRole('button', { name: 'Edit Figures checked' }).waitFor();
    await list.getByRole('button', { name: 'Delete Figures checked' }).waitFor();

    await page.goto(`${base}/staff/#/inbox?open=${id}`);
    const detail = page.getByRole('region', { name: 'Katherine Johnson' });
    const ref = ((await detail.getByTitle('Reference in every e-mail').textContent()) ?? '').replace('#', '');
    const box = detail.getByLabel('Reply to katherine@example.com');
    await box.fill('Hi.Bye.');
    for (let i = 0; i < 4; i++) {
      await box.press('ArrowLeft');
    }
    await detail.getByRole('button', { name: 'Insert canned reply' }).click();
    await detail.getByRole('combobox', { name: 'Find a canned reply' }).fill('figures');
    await detail.getByRole('option', { name: 'Figures checked' }).click();
    const filled = `Dear Katherine Johnson, your request [#${ref}] is checked. {{ unknown }} Regards, Dana Agent`;
    expect(await box.inputValue()).toBe(`Hi.${filled}Bye.`);
    // The cursor is back in the reply box, right after the inserted text.
    await page.waitForFunction(
      (end) =>
        document.activeElement?.id === 'reply' &&
        (document.activeElement as HTMLTextAreaElement).selectionStart === end,
      `Hi.${filled}`.length,
    );

    // By keyboard: Esc leaves the reply box, `c` opens the menu, Enter inserts the first match.
    await box.fill('');
    await box.press('Escape');
    await page.keyboard.press('c');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    // The first title is the chosen one; Enter inserts it.
    await detail.getByRole('option', { name: 'Figures checked', selected: true }).waitFor();
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe(filled);
    await page.context().close();
  });

  it('sets priority and tags on a submission and filters the inbox by a tag', async () => {
    const tagged = await submit({ name: 'Mary Jackson', email: 'mary@example.com', message: 'Wind tunnel booking' });
    await submit({ name: 'Dorothy Vaughan', email: 'dorothy@example.com', message: 'FORTRAN course' });
    const page = await signedIn();
    await page.goto(`${base}/staff/#/inbox?open=${tagged}`);
    const detail = page.getByRole('region', { name: 'Mary Jackson' });

    // `p` takes the agent to the priority.
    await detail.getByRole('combobox', { name: 'Priority' }).waitFor();
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.activeElement?.tagName === 'SELECT');
    const priority = detail.getByRole('combobox', { name: 'Priority' });
    await priority.selectOption('urgent');

    const addTag = detail.getByLabel('Add a tag');
    await addTag.fill('Billing');
    await addTag.press('Enter');
    await detail.getByRole('list', { name: 'Tags' }).getByText('Billing').waitFor();
    expect(await addTag.inputValue()).toBe('');
    await addTag.fill('later');
    await addTag.press('Enter');
    await detail.getByRole('button', { name: 'Remove tag later' }).click();
    await detail.getByRole('status').getByText('Tag “later” removed.').waitFor();
    // A label the API refuses is shown with its words, and nothing changes.
    await addTag.fill('a,b');
    await addTag.press('Enter');
    await detail.getByRole('alert').getByText('Invalid field: tags').waitFor();
    const tags = await detail.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents();
    expect(tags.map((text) => text.replace('×', '').trim())).toEqual(['Billing']);
    expect(await priority.inputValue()).toBe('urgent');

    // The inbox, filtered by the tag in another letter case: only Mary's request, with its badges.
    const filters = page.getByRole('search');
    await filters.getByLabel('Tag').fill('billing');
    await filters.getByLabel('Tag').press('Enter');
    await page.waitForURL(/tag=billing/);
    const rows = page.getByRole('list', { name: 'Submission list' }).getByRole('link');
    // The names the list shows, once it shows exactly these (the list is emptied, then refilled).
    const listed = (names: string[]) =>
      waitUntil(
        async () =>
          JSON.stringify(
            (await rows.allTextContents()).map((text) => names.find((name) => text.includes(name)) ?? text),
          ) === JSON.stringify(names),
        `the list showing ${names.join(', ')}`,
      );
    await listed(['Mary Jackson']);
    const row = rows.filter({ hasText: 'Mary Jackson' });
    await row.getByText('Billing').waitFor();
    await row.getByText('urgent').waitFor();
    // The tab counts follow the tag filter.
    await page.getByTestId('count-new').filter({ hasText: /^1$/ }).waitFor();
    // And by priority instead.
    await filters.getByLabel('Tag').fill('');
    await filters.getByLabel('Tag').press('Enter');
    await listed(['Dorothy Vaughan', 'Mary Jackson', 'Katherine Johnson']);
    await filters.getByLabel('Priority').selectOption('high,urgent');
    await page.waitForURL(/priority=high%2Curgent/);
    await listed(['Mary Jackson']);

    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('set the priority of the open submission').waitFor();
    await help.getByText('insert a canned reply', { exact: false }).waitFor();
    await page.context().close();
  });

  it('has no serious or critical accessibility violations on these screens, light and dark, at 1280 and 390 px', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const id = await submit({ name: 'Annie Easley', email: 'annie@example.com', message: 'Centaur rocket' });
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const context = await suite.browser.newContext({
          colorScheme: scheme,
          viewport: { width, height: width === 390 ? 844 : 800 },
        });
        const page = await signedIn(context);
        await page.goto(`${base}/staff/#/canned-replies`);
        await page.getByRole('heading', { name: 'Figures checked' }).waitFor();
        await checkAxe(page);
        await page.screenshot({ path: join(ARTIFACTS, `console-desk-canned-${width}-${scheme}.png`) });
        await page.goto(`${base}/staff/#/inbox?open=${id}`);
        const detail = page.getByRole('region', { name: 'Annie Easley' });
        await detail.getByLabel('Add a tag').fill(`${scheme}-${width}`);
        await detail.getByLabel('Add a tag').press('Enter');
        await detail.getByRole('button', { name: `Remove tag ${scheme}-${width}` }).waitFor();
        await detail.getByRole('button', { name: 'Insert canned reply' }).click();
        await detail.getByRole('option', { name: 'Figures checked' }).waitFor();
        await checkAxe(page);
        await page.screenshot({ path: join(ARTIFACTS, `console-desk-detail-${width}-${scheme}.png`), fullPage: true });
        // Nothing wider than the viewport: the triage controls and the menu wrap on a phone.
        await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth + 1, undefined, {
          timeout: 3_000,
        });
        await page.goto(`${base}/staff/#/inbox?tag=billing`);
        await page.getByRole('list', { name: 'Submission list' }).getByText('Mary Jackson').waitFor();
        await checkAxe(page);
        await page.screenshot({ path: join(ARTIFACTS, `console-desk-inbox-${width}-${scheme}.png`) });
        await context.close();
      }
    }
  });
});
