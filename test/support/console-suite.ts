import { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, signedInPage } from './browser';
import { ApiProcess, StaffAdmin, staffAdminAt, StaffMember, startApiProcess, submitTo } from './service-calls';

/** A browser suite's world: the built service, its first admin, headless Chromium. */
export interface ConsoleSuite extends ApiProcess {
  browser: Browser;
  /** The first admin, made by the CLI and signed in over the staff API (accounts and keys are made through it). */
  admin: StaffAdmin;
  /** An access token of an API key named Website, made on first use, for /contact_api.php. */
  websiteToken: () => Promise<string>;
  /** POST /contact_api.php with the Website key's token, as a client's form would: the submission's id. */
  submit: (body: Record<string, unknown>) => Promise<string>;
  /** A new page (in `context`, else in a new context), signed in to the console as a person would. */
  signIn: (member: { email: string; password: string }, context?: BrowserContext) => Promise<Page>;
}

export interface ConsoleSuiteOptions {
  /** The first admin, made by the CLI as an operator does (none: a suite that makes its people itself). */
  admin?: Omit<StaffMember, 'role'>;
  /** More accounts, made by the admin over the staff API. */
  staff?: StaffMember[];
  /** Settings of the service (ROLE=api, a database, Redis prefix and port of its own unless given). */
  settings?: Record<string, string>;
  /** Chromium switches (e.g. `--host-resolver-rules` to map a name to loopback). */
  chromiumArgs?: string[];
}

/** The admin of a suite started without one: any use says so. */
const NO_ADMIN: StaffAdmin = (() => {
  const refuse = () => Promise.reject(new Error('startConsoleSuite was given no admin'));
  return { id: '', post: refuse, createStaff: refuse, createKey: refuse };
})();

/**
 * The one way a browser suite starts: the built service (`startApiProcess`), Chromium launched beside
 * its start, the first admin and the suite's staff. `stop` closes the browser and stops the service
 * (removing its database and Redis keys), also when the start failed halfway (call it from afterAll
 * as `await suite?.stop()`; a failed start has cleaned up after itself).
 */
export async function startConsoleSuite(label: string, options: ConsoleSuiteOptions): Promise<ConsoleSuite> {
  const launching = launchChromium(options.chromiumArgs);
  let api: ApiProcess | undefined;
  try {
    api = await startApiProcess(label, options.settings);
    const browser = await launching;
    const admin = options.admin ? await staffAdminAt(api.base, api.env, options.admin) : NO_ADMIN;
    for (const member of options.staff ?? []) {
      await admin.createStaff(member);
    }
    const base = api.base;
    let token: Promise<string> | undefined;
    const websiteToken = () =>
      (token ??= admin.createKey('Website', { rate_limit: 100_000 }).then(async ({ key }) => {
        const auth = await fetch(`${base}/auth.php`, { method: 'POST', headers: { 'X-API-KEY': key } });
        return ((await auth.json()) as { access_token: string }).access_token;
      }));
    const stopApi = api.stop;
    return {
      ...api,
      browser,
      admin,
      websiteToken,
      submit: async (body) => submitTo(base, await websiteToken(), body),
      signIn: async (member, context) =>
        signedInPage(context ?? (await browser.newContext()), base, member.email, member.password),
      stop: async () => {
        await browser.close();
        await stopApi();
      },
    };
  } catch (error) {
    await (await launching.catch(() => undefined))?.close();
    await api?.stop();
    throw error;
  }
}
