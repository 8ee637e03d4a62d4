/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { Page } from 'playwright-core';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';

const PASSWORD = 'bulk console test passphrase';

/**
 * Working at volume in the console (issue 42, points 3 and 4), as a person does it in a real browser
 * against a real API process: rows chosen with `x` and shift-click, one change applied to all of them
 * and what happened to each said; a submission merged into another from its detail, the link shown on
 * both sides, and the merged one's notes pointed to the other.
 */
describe('staff console: bulk changes and merge (browser)', () => {
  let running: ConsoleSuite;
  const email = `bulk.${randomBytes(3).toString('hex')}@example.com`;

  const submit = (body: Record<string, unknown>): Promise<string> => running.submit(body);
  const signedIn = (): Promise<Page> => running.signIn({ email, password: PASSWORD });
  /** Erases a requester's data as the signed-in admin, from the page (the privacy API); answers the status. */
  const erase = (page: Page, address: string): Promise<number> =>
    page.evaluate(
      async (body) => {
        const response = await fetch('api/privacy/erase', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return response.status;
      },
      { email: address },
    );

  beforeAll(async () => {
    running = await startConsoleSuite('bulk', { admin: { email, name: 'Bulk Admin', password: PASSWORD } });
  });
  afterAll(() => running?.stop());

  it('chooses rows with x and shift-click, applies one change and says what happened to each', async () => {
    // Newest first in the list: d, c, b, a.
    const ids: string[] = [];
    for (const name of ['Alan', 'Barbara', 'Claude', 'Dorothy']) {
      ids.push(await submit({ name, email: `${name.toLowerCase()}@example.com`, message: `Hello from ${name}` }));
    }
    const [, b, c, d] = ids;
    const page = await signedIn();
    const list = page.getByRole('list', { name: 'Submission list' });
    await list.getByRole('link', { name: /Dorothy/ }).waitFor();

    // j brings focus to the first row (Dorothy), x chooses it; shift-click on Barbara's box chooses the range.
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.getByRole('form', { name: 'Bulk change' }).getByText('1 selected').waitFor();
    await page.getByRole('checkbox', { name: `Select #${refOf(b)}` }).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('form', { name: 'Bulk change' });
    await bar.getByText('3 selected').waitFor();
    for (const chosen of [d, c, b]) {
      expect(await page.getByRole('checkbox', { name: `Select #${refOf(chosen)}` }).isChecked()).toBe(true);
    }
    expect(await page.getByRole('checkbox', { name: `Select #${refOf(ids[0])}` }).isChecked()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Meanwhile, Claude's request is erased: that row is not there any more when the change is applied.
    expect(await erase(page, 'claude@example.com')).toBe(200);

    await bar.getByLabel('Change').selectOption('status');
    await bar.getByLabel('To').selectOption('pending');
    await bar.getByRole('button', { name: 'Apply to 3' }).click();
    await bar
      .getByRole('status')
      .getByText(`2 changed, 1 not: #${refOf(c)} not found.`)
      .waitFor();

    // A label for the rows still chosen.
    await bar.getByLabel('Change').selectOption('add_tags');
    await bar.getByLabel('To').fill('VIP');
    await bar.getByRole('button', { name: 'Apply to 3' }).click();
    await bar
      .getByRole('status')
      .getByText(`2 changed, 1 not: #${refOf(c)} not found.`)
      .waitFor();
    await bar.getByRole('button', { name: 'Clear selection' }).click();

    await page
      .getByRole('navigation', { name: 'Status' })
      .getByRole('link', { name: /Pending/ })
      .click();
    await list.getByRole('link', { name: /Dorothy/ }).waitFor();
    await list
      .getByRole('link', { name: /Barbara/ })
      .getByText('VIP')
      .waitFor();
  });

  it('merges a submission into another from its detail, shows the link on both sides, and points its notes there', async () => {
    const first = await submit({ name: 'Edsger', email: 'edsger@example.com', message: 'My compiler is slow' });
    const second = await submit({ name: 'Edsger', email: 'edsger@example.com', message: 'Still slow, any news?' });
    const page = await signedIn();
    await page.goto(`${running.base}/staff/#/inbox?open=${second}`);
    const detail = page.getByRole('region', { name: 'Edsger' });
    await detail.getByRole('button', { name: 'Merge into…' }).click();
    const form = page.getByRole('form', { name: 'Merge' });
    await form.getByLabel('Target reference or id').fill(`#${refOf(first)}`);
    await form.getByRole('button', { name: 'Merge' }).click();

    const into = page.getByTestId('merged-into');
    await into.getByRole('link', { name: `#${refOf(first)}` }).waitFor();
    await detail.getByText('merged', { exact: true }).first().waitFor();
    // No note form on the merged one (the API refuses its notes): they go to the target, linked.
    await detail
      .getByTestId('notes-merged')
      .getByRole('link', { name: `#${refOf(first)}` })
      .waitFor();
    expect(await detail.getByLabel('Add a note').count()).toBe(0);
    expect(await detail.getByRole('button', { name: 'Add note' }).count()).toBe(0);
    // Redeliver stays: the API sends a merged submission's arrival again (see docs/staff.md, Merge).
    expect(await detail.getByRole('button', { name: 'Redeliver' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await into.getByRole('link', { name: `#${refOf(first)}` }).click();
    await page
      .getByTestId('merged-from')
      .getByRole('link', { name: `#${refOf(second)}` })
      .waitFor();
    await detail.getByLabel('Add a note').waitFor();

    // Erased meanwhile, the one still open says so when asked to redeliver (it said nothing before).
    expect(await erase(page, 'edsger@example.com')).toBe(200);
    await detail.getByRole('button', { name: 'Redeliver' }).click();
    await detail.getByRole('alert').getByText('Not found').waitFor();
  });
});
