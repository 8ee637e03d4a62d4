import axe from 'axe-core';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium; `extraArgs` adds switches (e.g. `--host-resolver-rules` to map a name to loopback). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
}

/** A new page of `context`, signed in to the console at `base` as a person would, once its sections show. */
export async function signedInPage(
  context: BrowserContext,
  base: string,
  email: string,
  password: string,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/staff/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  return page;
}

/**
 * axe's serious and critical violations on the page as it is, one `id: help` line each (none: clean).
 * axe-core is put into the page once and run again on later screens of the same document (the console
 * moves between screens by its hash), instead of being injected anew for every check as AxeBuilder
 * does; only violations are asked for, so axe does not gather the nodes of every rule that passed.
 * The console has no frames, which AxeBuilder would otherwise walk into.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(axe.source);
  }
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.help}`);
}
