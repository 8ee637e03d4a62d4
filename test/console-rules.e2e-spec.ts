/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserContext, Page } from 'playwright-core';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { StaffAdmin, submitTo } from './support/service-calls';
import { waitUntil } from './support/wait';

/** `WRITE_SCREENSHOTS=1` refreshes the Rules screenshot in docs/ (committed with the change). */
const WRITE_SCREENSHOTS = process.env.WRITE_SCREENSHOTS === '1';
const DOCS = join(__dirname, '..', 'docs');
const ARTIFACTS = join(__dirname, 'artifacts');
const PASSWORD = 'rules console passphrase';
const ADMIN = { email: 'rules.admin@example.com', name: 'Rita Admin', password: PASSWORD };
const AGENT = { email: 'rules.agent@example.com', name: 'Ana Agent', role: 'agent' as const, password: PASSWORD };

/**
 * Rules in the console (issue 42), as an admin and an agent work in a real browser against a real API
 * process with a database of its own: the admin writes a rule on the Rules screen (tag and assign by
 * e-mail domain), orders and switches rules, tests one against a submission already there, and a new
 * submission arriving is tagged and assigned, its events saying the rule did it; the agent reads the
 * rules and marks themselves away.
 */
describe('staff console: rules (browser)', () => {
  let api: ConsoleSuite;
  let admin: StaffAdmin;
  let token: string;
  /** The submission that was there before any rule. */
  let earlier: string;
  let agentId: string;

  beforeAll(async () => {
    api = await startConsoleSuite('consolerules', { admin: ADMIN });
    admin = api.admin;
    agentId = await admin.createStaff(AGENT);
    token = await api.websiteToken();
    earlier = await submitTo(api.base, token, {
      name: 'Grace Hopper',
      email: 'grace@partner.example',
      message: 'A question about our partnership invoice',
    });
  });
  afterAll(async () => {
    await api?.stop();
  });

  const signedIn = async (email: string, context?: BrowserContext): Promise<Page> =>
    api.signIn(
      { email, password: PASSWORD },
      context ?? (await api.browser.newContext({ viewport: { width: 1280, height: 900 } })),
    );
  const rulesList = (page: Page) => page.getByRole('list', { name: 'Rules, in the order they run' });
  const ruleNamed = (page: Page, name: string) => rulesList(page).getByRole('group', { name });
  /** Waits until the list shows exactly these rules, in this order. */
  const ordered = (page: Page, names: string[]) =>
    waitUntil(
      async () =>
        JSON.stringify(await rulesList(page).getByRole('heading').allTextContents()) === JSON.stringify(names),
      `the rules listed as ${names.join(', ')}`,
    );
  const checkAxe = async (page: Page) => {
    expect(await seriousAxeViolations(page)).toEqual([]);
  };

  it('lets an admin write, order, switch and test rules, and a new submission is changed by the rule, which its events name', async () => {
    const page = await signedIn(ADMIN.email);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Rules' }).click();
    await page.getByRole('heading', { name: 'Rules', level: 1 }).waitFor();
    await page.getByText('No rule yet.').waitFor();

    // A rule written on the screen: partners' requests are tagged and go to Ana.
    await page.getByRole('button', { name: 'New rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Partners to Ana');
    expect(await form.getByRole('combobox', { name: 'When', exact: true }).inputValue()).toBe('received');
    const condition = form.getByRole('group', { name: 'Condition 1' });
    await condition.getByRole('combobox', { name: 'Field', exact: true }).selectOption({ label: 'E-mail domain' });
    await condition.getByRole('combobox', { name: 'Comparison', exact: true }).selectOption({ label: 'is' });
    await condition.getByRole('textbox', { name: 'Value', exact: true }).fill('partner.example');
    const tag = form.getByRole('group', { name: 'Action 1' });
    await tag.getByRole('combobox', { name: 'Action', exact: true }).selectOption({ label: 'Add tag' });
    await tag.getByRole('textbox', { name: 'Tag', exact: true }).fill('partner');
    await form.getByRole('button', { name: 'Add action' }).click();
    const assign = form.getByRole('group', { name: 'Action 2' });
    await assign.getByRole('combobox', { name: 'Action', exact: true }).selectOption({ label: 'Assign to' });
    await assign.getByRole('combobox', { name: 'Agent', exact: true }).selectOption({ label: AGENT.name });
    await checkAxe(page);
    await form.getByRole('button', { name: 'Create rule' }).click();
    await ruleNamed(page, 'Partners to Ana')
      .getByText('A submission arrives, and e-mail domain is “partner.example”: add tag partner, assign to Ana Agent')
      .waitFor();
    expect(await page.getByRole('form').count()).toBe(0);

    // A refusal shows beside the form, which keeps what was typed: a second rule of the same name.
    await page.getByRole('button', { name: 'New rule' }).click();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Partners to Ana');
    await form
      .getByRole('group', { name: 'Condition 1' })
      .getByRole('textbox', { name: 'Value', exact: true })
      .fill('example.com');
    await form
      .getByRole('group', { name: 'Action 1' })
      .getByRole('textbox', { name: 'Tag', exact: true })
      .fill('other');
    await form.getByRole('button', { name: 'Create rule' }).click();
    await form.getByRole('alert').waitFor();
    expect(await form.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Partners to Ana');

    // Then a second one, with a list and a priority, saved under its own name: it runs after the first.
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Urgent words');
    const words = form.getByRole('group', { name: 'Condition 1' });
    await words.getByRole('combobox', { name: 'Field', exact: true }).selectOption({ label: 'Message' });
    await words
      .getByRole('combobox', { name: 'Comparison', exact: true })
      .selectOption({ label: 'has any of the words' });
    await words.getByLabel('Values, one per line').fill('urgent\nasap');
    const priority = form.getByRole('group', { name: 'Action 1' });
    await priority.getByRole('combobox', { name: 'Action', exact: true }).selectOption({ label: 'Set priority' });
    await priority.getByRole('combobox', { name: 'Priority', exact: true }).selectOption('high');
    await form.getByRole('button', { name: 'Create rule' }).click();
    await ordered(page, ['Partners to Ana', 'Urgent words']);

    // Order: the second moves up, then back down. Each control's name says its rule.
    await page.getByRole('button', { name: 'Move up rule Urgent words', exact: true }).click();
    await ordered(page, ['Urgent words', 'Partners to Ana']);
    expect(await page.getByRole('button', { name: 'Move up rule Urgent words', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Move down rule Urgent words', exact: true }).click();
    await ordered(page, ['Partners to Ana', 'Urgent words']);

    // Off, and on again; each kept by the API (a reload shows the same).
    const urgent = page.getByRole('switch', { name: 'Enabled rule Urgent words', exact: true });
    await urgent.uncheck();
    await page.reload();
    await ordered(page, ['Partners to Ana', 'Urgent words']);
    expect(await urgent.isChecked()).toBe(false);
    await urgent.check();
    await page.reload();
    await ordered(page, ['Partners to Ana', 'Urgent words']);
    expect(await urgent.isChecked()).toBe(true);

    // Tested against the submission that was there before: by its reference, then a miss.
    await page.getByRole('button', { name: 'Edit rule Partners to Ana', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit rule “Partners to Ana”' });
    const test = edit.getByRole('region', { name: 'Test against a submission' });
    await test.getByLabel('Submission reference or id').fill(`#${refOf(earlier)}`);
    await test.getByRole('button', { name: 'Test' }).click();
    await test.getByRole('status').getByText('Would match: yes').waitFor();
    expect(await test.getByRole('list', { name: 'Reasons' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await checkAxe(page);
    await edit
      .getByRole('group', { name: 'Condition 1' })
      .getByRole('textbox', { name: 'Value', exact: true })
      .fill('elsewhere.example');
    await test.getByRole('button', { name: 'Test' }).click();
    await test.getByRole('status').getByText('Would match: no').waitFor();
    // Not saved: Cancel leaves the rule as it was.
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await ruleNamed(page, 'Partners to Ana').getByText('e-mail domain is “partner.example”').waitFor();

    // A new submission from a partner: tagged and assigned by the rule, which its events name.
    const id = await submitTo(api.base, token, {
      name: 'Katherine Johnson',
      email: 'katherine@partner.example',
      message: 'Orbit figures for the partner programme',
    });
    await page.goto(`${api.base}/staff/#/inbox?status=all&open=${id}`);
    const detail = page.getByRole('region', { name: 'Katherine Johnson' });
    await detail.getByText('Rule “Partners to Ana” assigned this to Ana Agent').waitFor();
    await detail.getByText('Rule “Partners to Ana” changed the tags to partner').waitFor();
    await checkAxe(page);
    await page.context().close();
  });

  it('deletes a rule after a confirmation', async () => {
    await admin.post('rules', {
      name: 'Short-lived',
      position: 1000,
      enabled: false,
      when: { event: 'status_changed', conditions: [{ field: 'status', op: 'is', value: 'closed' }] },
      then: [{ action: 'set_priority', value: 'low' }],
    });
    const page = await signedIn(ADMIN.email);
    await page.goto(`${api.base}/staff/#/rules`);
    await ordered(page, ['Partners to Ana', 'Urgent words', 'Short-lived']);
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Delete rule Short-lived', exact: true }).click();
    await ordered(page, ['Partners to Ana', 'Urgent words', 'Short-lived']);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete rule Short-lived', exact: true }).click();
    await ordered(page, ['Partners to Ana', 'Urgent words']);
    await page.context().close();
  });

  it('shows a rule on custom fields in words, and keeps its conditions as they were when it is edited', async () => {
    // Written through the API (the form offers the built-in fields): a key's select and number fields.
    const key = await admin.createKey('Shop');
    const page = await signedIn(ADMIN.email);
    await page.goto(`${api.base}/staff/#/rules`);
    await ordered(page, ['Partners to Ana', 'Urgent words']);
    const put = await page.evaluate(
      async (keyId) =>
        (
          await fetch(`api/keys/${keyId}/fields`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              fields: [
                { name: 'product', label: 'Product', type: 'select', options: ['Basic', 'Pro'] },
                { name: 'quantity', label: 'Quantity', type: 'number' },
              ],
            }),
          })
        ).status,
      key.id,
    );
    expect(put).toBe(200);
    const when = {
      event: 'received',
      conditions: [
        { field: 'field.product', op: 'is', value: 'Pro' },
        { field: 'field.quantity', op: 'greater_than', value: 10 },
      ],
    };
    const rule = await admin.post('rules', {
      name: 'Big Pro orders',
      position: 3000,
      when,
      then: [{ action: 'set_priority', value: 'high' }],
    });
    await page.reload();
    await ruleNamed(page, 'Big Pro orders')
      .getByText('A submission arrives, and Field “product” is “Pro” and Field “quantity” is greater than “10”')
      .waitFor();

    await page.getByRole('button', { name: 'Edit rule Big Pro orders', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit rule “Big Pro orders”' });
    const second = edit.getByRole('group', { name: 'Condition 2' });
    expect(await second.getByRole('combobox', { name: 'Field', exact: true }).inputValue()).toBe('field.quantity');
    expect(await second.getByRole('combobox', { name: 'Comparison', exact: true }).inputValue()).toBe('greater_than');
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('Big Pro orders, renamed');
    await edit.getByRole('button', { name: 'Save rule' }).click();
    await ordered(page, ['Partners to Ana', 'Urgent words', 'Big Pro orders, renamed']);
    const stored = await page.evaluate(
      async (ruleId) =>
        (
          (await (await fetch('api/rules', { headers: { Accept: 'application/json' } })).json()) as { id: string }[]
        ).find((one) => one.id === ruleId),
      rule.id as string,
    );
    expect(stored).toMatchObject({ name: 'Big Pro orders, renamed', when });

    // Gone again, so the list is as the later cases expect.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete rule Big Pro orders, renamed', exact: true }).click();
    await ordered(page, ['Partners to Ana', 'Urgent words']);
    await page.context().close();
  });

  it('shows an agent the rules to read, and lets them mark themselves away and available again', async () => {
    const page = await signedIn(AGENT.email);
    const away = page.getByRole('banner').getByRole('switch', { name: 'Away' });
    expect(await away.isChecked()).toBe(false);
    await away.check();
    const me = async () =>
      (await page.evaluate(async () =>
        (await fetch('api/me', { headers: { Accept: 'application/json' } })).json(),
      )) as {
        away: boolean;
      };
    await waitUntil(async () => (await me()).away, 'the account marked away');
    await page.reload();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    expect(await away.isChecked()).toBe(true);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Rules' }).click();
    await ordered(page, ['Partners to Ana', 'Urgent words']);
    expect(await page.getByRole('button', { name: 'New rule' }).count()).toBe(0);
    // Only to read, and to test: no switch, no order, no edit.
    expect(await ruleNamed(page, 'Urgent words').getByRole('button').allTextContents()).toEqual(['Test']);
    expect(await ruleNamed(page, 'Urgent words').getByRole('switch').count()).toBe(0);
    await page.getByRole('button', { name: 'Test rule Partners to Ana', exact: true }).click();
    const test = ruleNamed(page, 'Partners to Ana').getByRole('region', { name: 'Test against a submission' });
    await test.getByLabel('Submission reference or id').fill(refOf(earlier));
    await test.getByRole('button', { name: 'Test' }).click();
    await test.getByRole('status').getByText('Would match: yes').waitFor();
    await checkAxe(page);

    await away.uncheck();
    await waitUntil(async () => !(await me()).away, 'the account available again');
    await page.context().close();
  });

  it('shows admins who is away on the Staff screen, and names whom a round robin passed over', async () => {
    const agentSession = await fetch(`${api.base}/staff/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: AGENT.email, password: PASSWORD }),
    });
    const agentCookie = agentSession.headers.getSetCookie()[0].split(';')[0];
    const markAway = async (away: boolean) => {
      const answer = await fetch(`${api.base}/staff/api/me`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Cookie: agentCookie },
        body: JSON.stringify({ away }),
      });
      expect(answer.status).toBe(200);
    };
    await markAway(true);
    const page = await signedIn(ADMIN.email);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click();
    const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });
    await rowOf(AGENT.email).getByText('away', { exact: true }).waitFor();
    expect(await rowOf(ADMIN.email).getByText('away', { exact: true }).count()).toBe(0);
    await checkAxe(page);

    // A round robin of Ana alone, while she is away: nobody to assign, and its events say who and why.
    const rule = await admin.post('rules', {
      name: 'Ana in turn',
      position: 2000,
      when: { event: 'received', conditions: [{ field: 'email_domain', op: 'is', value: 'turns.example' }] },
      then: [{ action: 'assign_round_robin', value: { agents: [agentId], max_open: null } }],
    });
    const id = await submitTo(api.base, token, { name: 'Mary Jackson', email: 'mary@turns.example', message: 'Hi' });
    await page.goto(`${api.base}/staff/#/inbox?status=all&open=${id}`);
    const detail = page.getByRole('region', { name: 'Mary Jackson' });
    await detail.getByText('Rule “Ana in turn” found nobody to assign this to (Ana Agent away)').waitFor();
    await page.goto(`${api.base}/staff/#/audit`);
    await page
      .getByRole('row')
      .filter({ hasText: 'Rule “Ana in turn” found nobody to assign a submission to (Ana Agent away)' })
      .waitFor();

    // Back: the Staff screen no longer marks her. The rule goes, so the list is as the next case expects.
    await markAway(false);
    await page.goto(`${api.base}/staff/#/staff`);
    await rowOf(AGENT.email).waitFor();
    expect(await rowOf(AGENT.email).getByText('away', { exact: true }).count()).toBe(0);
    const removed = await page.evaluate(
      async (ruleId) =>
        (await fetch(`api/rules/${ruleId}`, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } }))
          .status,
      rule.id as string,
    );
    expect(removed).toBe(204);
    await page.context().close();
  });

  it('has no serious or critical accessibility violations on the Rules screen, light and dark, at 1280 and 390 px', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const context = await api.browser.newContext({
          colorScheme: scheme,
          viewport: { width, height: width === 390 ? 844 : 900 },
        });
        const page = await signedIn(ADMIN.email, context);
        await page.goto(`${api.base}/staff/#/rules`);
        await ordered(page, ['Partners to Ana', 'Urgent words']);
        await checkAxe(page);
        const fits = () =>
          page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth + 1, undefined, {
            timeout: 3_000,
          });
        // The list with one rule tested by its reference.
        const partners = ruleNamed(page, 'Partners to Ana');
        await partners.getByRole('button', { name: 'Test rule Partners to Ana', exact: true }).click();
        const listed = partners.getByRole('region', { name: 'Test against a submission' });
        await listed.getByLabel('Submission reference or id').fill(`#${refOf(earlier)}`);
        await listed.getByRole('button', { name: 'Test' }).click();
        await listed.getByText('Would match: yes').waitFor();
        await checkAxe(page);
        await fits();
        if (WRITE_SCREENSHOTS && width === 1280 && scheme === 'light') {
          await page.screenshot({ path: join(DOCS, 'console-rules.png') });
        }
        // The form, tested by id.
        await partners.getByRole('button', { name: 'Edit rule Partners to Ana', exact: true }).click();
        const test = page.getByRole('form').getByRole('region', { name: 'Test against a submission' });
        await test.getByLabel('Submission reference or id').fill(earlier);
        await test.getByRole('button', { name: 'Test' }).click();
        await test.getByText('Would match: yes').waitFor();
        await checkAxe(page);
        await fits();
        await page.screenshot({ path: join(ARTIFACTS, `console-rules-${width}-${scheme}.png`), fullPage: true });
        await context.close();
      }
    }
  });
});
