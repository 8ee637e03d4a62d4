import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';

export const ADMIN_QUEUES_ROUTE = '/admin/queues';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * HTTP Basic authentication (RFC 7617) in front of everything under /admin/queues, as a Fastify hook so
 * it covers the dashboard's pages, assets and API alike. Registered only when ADMIN_USER is set.
 */
export function protectAdminRoutes(fastify: FastifyInstance, config: AppConfig): void {
  const { user, password } = config.admin;
  if (!user || !password) {
    return;
  }
  const prefix = `${config.http.basePath}${ADMIN_QUEUES_ROUTE}`;
  fastify.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (path !== prefix && !path.startsWith(`${prefix}/`)) {
      return;
    }
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    const [givenUser, ...rest] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    const givenPassword = rest.join(':');
    // Both comparisons always run, so timing does not tell which part was wrong.
    const userOk = sameSecret(givenUser ?? '', user);
    const passwordOk = sameSecret(givenPassword, password);
    if (scheme?.toLowerCase() !== 'basic' || !userOk || !passwordOk) {
      await reply
        .code(401)
        .header('WWW-Authenticate', 'Basic realm="contact-intake admin", charset="UTF-8"')
        .type('application/json; charset=utf-8')
        .send({ status: 'error', message: 'Admin authentication required' });
    }
  });
}
