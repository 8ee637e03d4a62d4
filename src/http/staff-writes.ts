import { HttpStatus } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { AppConfig } from '../config/app-config';
import { sendError } from './api-exception';
import { STAFF_API_PATH } from './contract-paths';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_MEDIA = /^application\/json\s*(;|$)/i;

/**
 * Cross-site request forgery, closed without a token dance: a staff API request that changes something
 * must be `Content-Type: application/json` (a form cannot send that cross-site without a preflight) and,
 * when the browser sends `Origin`, come from the service's own origin (PUBLIC_URL, else the origin of
 * the Host the request reached). With the SameSite=Strict session cookie this is enough. Checked in
 * onRequest, before the body is parsed, so a forged form post is 403, not 415.
 */
export function guardStaffWrites(fastify: FastifyInstance, config: AppConfig): void {
  const prefix = `${config.http.basePath}/${STAFF_API_PATH}/`;
  fastify.addHook('onRequest', (request, reply, done) => {
    if (READS.has(request.method) || !request.url.startsWith(prefix)) {
      done();
      return;
    }
    const origin = request.headers.origin;
    const ownOrigin = config.staffAuth.publicOrigin ?? `${request.protocol}://${request.headers.host ?? ''}`;
    if (!JSON_MEDIA.test(request.headers['content-type'] ?? '') || (origin !== undefined && origin !== ownOrigin)) {
      sendError(reply, HttpStatus.FORBIDDEN, 'Forbidden');
      return;
    }
    done();
  });
}
