/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserContext, Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { waitUntil } from './support/wait';

const ARTIFACTS = join(__dirname, 'artifacts');
const PASSWORD = 'custom fields console passphrase';
const ADMIN = { email: 'fields.admin@example.com', name: 'Fiona Admin', password: PASSWORD };
const AGENT = { email: 'fields.agent@example.com', name: 'Felix Agent', role: 'agent' as const, password: PASSWORD };

interface FieldView {
  name: string;
  value: unknown;
  retired: boolean;
}

/**
 * Custom fields in the console (issue 55), as an admin and an agent work in a real browser against a
 * real API process: the admin defines a key's fields on its Fields screen (a refusal shown beside the
 * input it names, a field moved, one retired); a submission sent with them shows them on the detail;
 * the agent edits them (a refusal beside the input, someone else's change in between offered as
 * usual), and the API has what the screen shows; every screen axe-clean, light and dark, at 1280 and
 * 390 px. The inbox's filter by a select field is its own test: the list filter it sends
 * (`field.<name>=<option>`) comes with the API's custom-field filters.
 */
describe('staff console: custom fields (browser)', () => {
  let suite: ConsoleSuite;
  let base: string;
  /** Sent before "Legacy code" was retired: its value stays, shown as retired. */
  let basic: string;

  beforeAll(async () => {
    // With its worker (the default role): it writes each new submission's filter index.
    suite = await startConsoleSuite('consolefields', { admin: ADMIN, staff: [AGENT], settings: { ROLE: 'all' } });
    base = suite.base;
    await suite.websiteToken();
  });
  afterAll(() => suite?.stop());

  const signedIn = async (email: string, context?: BrowserContext): Promise<Page> =>
    suite.signIn(
      { email, password: PASSWORD },
      context ?? (await suite.browser.newContext({ viewport: { width: 1280, height: 900 } })),
    );

  /** The staff API as `email` (signed in over HTTP, as the console is). */
  const staffApi = async (email: string) => {
    const login = await fetch(`${base}/staff/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    return {
      get: async (path: string) => {
        const response = await fetch(`${base}/staff/api/${path}`, { headers: { Cookie: cookie } });
        expect(response.status).toBe(200);
        return { body: (await response.json()) as Record<string, unknown>, etag: response.headers.get('etag')! };
      },
      patch: async (path: string, etag: string, body: object) =>
        (
          await fetch(`${base}/staff/api/${path}`, {
            method: 'PATCH',
            headers: { Cookie: cookie, 'Content-Type': 'application/json', 'If-Match': etag },
            body: JSON.stringify(body),
          })
        ).status,
    };
  };

  /** What a screen reader says with the input besides its name: its aria-describedby texts. */
  const descriptionOf = (input: Locator) =>
    input.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
  const isFocused = (input: Locator) => input.evaluate((element) => element === document.activeElement);

  /** The detail's fields as label -> value, as shown (the word "retired" follows a retired label). */
  const shownFields = async (detail: Locator) => {
    const fields = detail.getByRole('region', { name: 'Fields', exact: true });
    const terms = await fields.getByRole('term').allTextContents();
    const values = await fields.getByRole('definition').allTextContents();
    return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
  };

  const fieldsScreen = async (page: Page) => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('link', { name: 'Fields of Website' }).click();
    await page.getByRole('heading', { name: 'Fields of “Website”' }).waitFor();
    return page.getByRole('form', { name: 'Fields of “Website”' });
  };

  it('lets an admin define fields of every kind on a key, shows a refusal beside its input, moves and retires', async () => {
    const page = await signedIn(ADMIN.email);
    const form = await fieldsScreen(page);
    await form.getByText('No fields: clients send only the built-in ones.').waitFor();

    const add = async (number: number, label: string) => {
      await form.getByRole('button', { name: 'Add a field' }).click();
      const item = form.getByRole('group', { name: `Field ${number}`, exact: false });
      await item.getByLabel('Label').fill(label);
      return form.getByRole('group', { name: `Field ${number}: ${label}` });
    };
    const order = await add(1, 'Order number');
    // The name follows the label; a text is personal by default (and may still be changed).
    expect(await order.getByLabel('Name (in the API)').inputValue()).toBe('order_number');
    expect(await order.getByLabel('Personal').isChecked()).toBe(true);
    expect(await order.getByLabel('Personal').isEnabled()).toBe(true);
    await order.getByLabel('Longest (characters)').fill('20');

    const product = await add(2, 'Product');
    await product.getByLabel('Type').selectOption({ label: 'Choice of one' });
    // A choice is not personal by default.
    expect(await product.getByLabel('Personal').isChecked()).toBe(false);
    await product.getByLabel('Options, one per line').fill('Basic\nPro\n');
    await product.getByLabel('Required').check();
    await product.getByLabel('Help (shown with the field)').fill('The plan the customer is on');

    const seats = await add(3, 'Seats');
    await seats.getByLabel('Type').selectOption({ label: 'Number' });
    await seats.getByLabel('Smallest').fill('1');
    await seats.getByLabel('Largest').fill('0');
    await seats.getByLabel('Staff only', { exact: false }).check();

    await add(4, 'Legacy code');

    // Product first: moved up past the order number.
    await form.getByRole('button', { name: 'Move Product up' }).click();
    await form.getByRole('group', { name: 'Field 1: Product' }).waitFor();

    // The API refuses the largest below the smallest: said beside that input, in words, and focused.
    await form.getByRole('button', { name: 'Save fields' }).click();
    await form.getByRole('alert').getByText('Not saved: see field 3.').waitFor();
    const largest = seats.getByLabel('Largest');
    expect(await largest.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(largest)).toContain('not below the smallest');
    expect(await isFocused(largest)).toBe(true);

    await largest.fill('100');
    await form.getByRole('button', { name: 'Save fields' }).click();
    await form.getByRole('status').getByText('Saved as version 1.').waitFor();
    expect(await largest.getAttribute('aria-invalid')).toBeNull();
    // Saved: the name, the type and `personal` are kept, and the screen says so.
    const saved = form.getByRole('group', { name: 'Field 2: Order number' });
    expect(await saved.getByLabel('Personal').isDisabled()).toBe(true);
    expect(await descriptionOf(saved.getByLabel('Personal'))).toContain('Fixed once saved');
    expect(await saved.getByLabel('Type').isDisabled()).toBe(true);

    const admin = await staffApi(ADMIN.email);
    const keys = (await admin.get('keys')).body as unknown as { id: string; name: string }[];
    const keyId = keys.find((key) => key.name === 'Website')!.id;
    const stored = (await admin.get(`keys/${keyId}/fields`)).body as { version: number; fields: object[] };
    expect(stored.version).toBe(1);
    expect(stored.fields).toEqual([
      expect.objectContaining({
        name: 'product',
        label: 'Product',
        type: 'select',
        options: ['Basic', 'Pro'],
        required: true,
        help: 'The plan the customer is on',
        personal: false,
      }),
      expect.objectContaining({ name: 'order_number', type: 'text', max_length: 20, personal: true }),
      expect.objectContaining({ name: 'seats', type: 'number', min: 1, max: 100, staff_only: true }),
      expect.objectContaining({ name: 'legacy_code', type: 'text' }),
    ]);

    // A submission sent now keeps its legacy code once the field is retired.
    basic = await suite.submit({
      name: 'Ada Basic',
      email: 'ada@example.com',
      message: 'About my plan',
      fields: { product: 'Basic', order_number: 'A-1001', legacy_code: 'L-9' },
    });

    // Removing a saved field retires it on Save, and the screen says its values stay.
    await form.getByRole('button', { name: 'Remove Legacy code' }).click();
    const retiring = form.getByRole('region', { name: 'Retired when you save' });
    await retiring.getByText('the values already stored stay', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Save fields' }).click();
    await form
      .getByRole('status')
      .getByText('Saved as version 2. Retired: “Legacy code”; their stored values stay.')
      .waitFor();
    const now = (await admin.get(`keys/${keyId}/fields`)).body as { fields: { name: string }[] };
    expect(now.fields.map((field) => field.name)).toEqual(['product', 'order_number', 'seats']);
    await page.context().close();
  });

  it("shows a submission's fields on the detail and lets an agent edit them, refusals beside the input", async () => {
    const page = await signedIn(AGENT.email);
    await page.goto(`${base}/staff/#/inbox?open=${basic}`);
    const detail = page.getByRole('region', { name: 'Ada Basic' });
    await detail.getByRole('region', { name: 'Fields', exact: true }).waitFor();
    expect(await shownFields(detail)).toEqual({
      Product: 'Basic',
      'Order number': 'A-1001',
      'Legacy coderetired': 'L-9',
    });

    await detail.getByRole('button', { name: 'Edit fields' }).click();
    const form = detail.getByRole('form', { name: 'Edit fields' });
    await form.getByLabel('Product (required)').selectOption('Pro');
    // A staff-only field is the agent's to set; out of its range, the API's refusal shows beside it.
    const seats = form.getByLabel('Seats');
    expect(await descriptionOf(seats)).toContain('Staff only');
    await seats.fill('500');
    await form.getByRole('button', { name: 'Save fields' }).click();
    await waitUntil(async () => (await seats.getAttribute('aria-invalid')) === 'true', 'Seats marked invalid');
    expect(await descriptionOf(seats)).toContain('A number from 1 to 100.');
    expect(await isFocused(seats)).toBe(true);
    const agent = await staffApi(AGENT.email);
    const unchanged = (await agent.get(`submissions/${basic}`)).body.fields as FieldView[];
    expect(unchanged.find((field) => field.name === 'product')?.value).toBe('Basic');

    // Someone else changes the submission meanwhile: Save is refused (412) and what is new is offered.
    const { etag } = await agent.get(`submissions/${basic}`);
    expect(await agent.patch(`submissions/${basic}`, etag, { priority: 'high' })).toBe(200);
    await seats.fill('4');
    await form.getByRole('button', { name: 'Save fields' }).click();
    await detail.getByRole('alert').getByText('Changed by someone else: yours was not saved.').waitFor();
    await detail.getByRole('button', { name: 'Show what is new' }).click();
    // The form keeps what was typed; saved again, it goes through.
    expect(await seats.inputValue()).toBe('4');
    await form.getByRole('button', { name: 'Save fields' }).click();
    await detail.getByRole('status').getByText('Fields saved.').waitFor();
    expect(await shownFields(detail)).toEqual({
      Product: 'Pro',
      'Order number': 'A-1001',
      Seats: '4',
      'Legacy coderetired': 'L-9',
    });

    const after = (await agent.get(`submissions/${basic}`)).body as { fields: FieldView[]; priority: string };
    expect(after.priority).toBe('high');
    expect(Object.fromEntries(after.fields.map((field) => [field.name, field.value]))).toEqual({
      product: 'Pro',
      order_number: 'A-1001',
      seats: 4,
      legacy_code: 'L-9',
    });

    // Cleared, a value is no longer shown.
    await detail.getByRole('button', { name: 'Edit fields' }).click();
    await form.getByLabel('Order number').fill('');
    await form.getByRole('button', { name: 'Save fields' }).click();
    await detail.getByRole('status').getByText('Fields saved.').waitFor();
    await waitUntil(async () => !('Order number' in (await shownFields(detail))), 'the order number gone');
    await page.context().close();
  });

  it('has no serious or critical accessibility violations on the Fields screen and the detail, light and dark, at 1280 and 390 px', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const id = await suite.submit({
      name: 'Grace Axe',
      email: 'grace@example.com',
      message: 'Accessible fields',
      fields: { product: 'Pro', order_number: 'G-1' },
    });
    // Both widths in light, the narrow one in dark too (the colours are the same at every width).
    const looks = [
      ['light', 1280],
      ['light', 390],
      ['dark', 390],
    ] as const;
    for (const [scheme, width] of looks) {
      {
        const context = await suite.browser.newContext({
          colorScheme: scheme,
          viewport: { width, height: width === 390 ? 844 : 800 },
        });
        const page = await signedIn(ADMIN.email, context);
        const form = await fieldsScreen(page);
        await form.getByRole('group', { name: 'Field 1: Product' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: join(ARTIFACTS, `console-fields-${width}-${scheme}.png`), fullPage: true });
        await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth + 1, undefined, {
          timeout: 3_000,
        });

        await page.goto(`${base}/staff/#/inbox?open=${id}`);
        const detail = page.getByRole('region', { name: 'Grace Axe' });
        await detail.getByRole('region', { name: 'Fields', exact: true }).getByText('G-1').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await detail.getByRole('button', { name: 'Edit fields' }).click();
        await detail.getByRole('form', { name: 'Edit fields' }).getByLabel('Seats').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({
          path: join(ARTIFACTS, `console-fields-detail-${width}-${scheme}.png`),
          fullPage: true,
        });
        await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth + 1, undefined, {
          timeout: 3_000,
        });
        await context.close();
      }
    }
  });

  // Needs the API's `field.<name>=` list filter (branch wt-b): until then the API refuses the member.
  it('filters the inbox by a select field, sending field.<name>=<option> to the list and the counts', async () => {
    // Ada's request is Pro by now (the agent changed it above); Bea's is the only Basic one.
    await suite.submit({
      name: 'Bea Basic',
      email: 'bea@example.com',
      message: 'Basic plan question',
      fields: { product: 'Basic', order_number: 'B-1' },
    });
    const page = await signedIn(AGENT.email);
    await page.goto(`${base}/staff/#/inbox?status=all`);
    const list = page.getByRole('list', { name: 'Submission list' });
    /** The names the list shows, once it shows exactly these (newest first). */
    const listed = (names: string[]) =>
      waitUntil(
        async () => {
          const rows = await list.getByRole('link').allTextContents();
          return (
            JSON.stringify(rows.map((row) => names.find((name) => row.includes(name)) ?? row)) === JSON.stringify(names)
          );
        },
        `the list showing ${names.join(', ')}`,
      );
    await listed(['Bea Basic', 'Grace Axe', 'Ada Basic']);

    const filters = page.getByRole('search');
    const asked = (option: string) =>
      Promise.all(
        ['/staff/api/submissions?', '/staff/api/submissions/counts?'].map((path) =>
          page.waitForRequest(
            (request) => request.url().includes(path) && request.url().includes(`field.product=${option}`),
          ),
        ),
      );
    const basicAsked = asked('Basic');
    await filters.getByLabel('Product').selectOption('Basic');
    await basicAsked;
    await page.waitForURL(/field\.product=Basic/);
    await listed(['Bea Basic']);
    // The tabs count what the filter lets through.
    await page.getByTestId('count-new').filter({ hasText: /^1$/ }).waitFor();
    // The filter counts among those set (the button that unfolds them on a phone says so).
    expect(await filters.getByRole('button', { name: /^Filters/, includeHidden: true }).textContent()).toBe(
      'Filters (1)',
    );

    const proAsked = asked('Pro');
    await filters.getByLabel('Product').selectOption('Pro');
    await proAsked;
    await listed(['Grace Axe', 'Ada Basic']);
    await page.getByTestId('count-new').filter({ hasText: /^2$/ }).waitFor();
    await page.context().close();
  });
});
