import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';

/** Where `npm run build` (vite) puts the console: dist/console beside the compiled server. */
export const CONSOLE_ROOT = join(__dirname, '..', 'console');
/** Vite's content-hashed files. */
const ASSETS = join(CONSOLE_ROOT, 'assets');

/**
 * The page's Content-Security-Policy: everything from this origin, nothing inline, no framing. The
 * build emits no inline script or style, so nothing needs a nonce or hash.
 */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * Serves the staff console at `<BASE_PATH>/staff/`: hashed assets cached for a year (their names change
 * with their content), index.html never cached without revalidation, every file with the strict CSP.
 * The API routes under /staff/api are Nest's and stay more specific than the static wildcard. Its icon
 * is also the service's `/favicon.ico`.
 */
export async function serveStaffConsole(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  if (!existsSync(join(CONSOLE_ROOT, 'index.html'))) {
    new Logger('StaffConsole').warn(`The staff console is not built (${CONSOLE_ROOT}); run npm run build`);
    return;
  }
  const prefix = `${config.http.basePath}/staff/`;
  const fastify = app.getHttpAdapter().getInstance();
  // `/staff` without the slash: the page's relative URLs need it.
  fastify.get(`${config.http.basePath}/staff`, (_request, reply) => reply.redirect(prefix, 301));
  // Browsers ask for /favicon.ico on a page that names no icon (the rating page, a JSON answer opened in
  // a tab): the console's icon (vite copies console/public into the build), not a 404 each time.
  fastify.get(`${config.http.basePath}/favicon.ico`, (_request, reply) => reply.sendFile('favicon.svg'));
  await app.register(fastifyStatic, {
    root: CONSOLE_ROOT,
    prefix,
    index: ['index.html'],
    cacheControl: false,
    wildcard: true,
    setHeaders: (reply, path) => {
      void reply.header('Content-Security-Policy', CONSOLE_CSP);
      void reply.header('Cache-Control', path.startsWith(ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
