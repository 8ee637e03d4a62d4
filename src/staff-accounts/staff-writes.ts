import { HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { staffTokenOf } from './staff-cookie';
import { sendError } from '../http/api-exception';
import { isStaffApiRoute, STAFF_API_PATH, STAFF_UPLOADS_PATH } from '../http/contract-paths';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_MEDIA = /^application\/json\s*(;|$)/i;
const OCTET_STREAM = /^application\/octet-stream\s*(;|$)/i;

/** The 403 messages say which rule refused the request, so an integrator can tell what to change. */
export const NOT_JSON = 'Forbidden: a staff write from a browser session must be sent as application/json';
export const FOREIGN_ORIGIN = "Forbidden: the request's Origin is not this service's origin";

/**
 * Cross-site request forgery, closed without a token dance: a staff API request that changes something
 * with the session cookie must be `Content-Type: application/json` (a form cannot send that cross-site
 * without a preflight; an upload's bytes, on that route alone, `application/octet-stream`, which no form
 * can send either) and, when the browser sends `Origin`, come from the service's own origin
 * (PUBLIC_URL, else the origin of the Host the request reached). With the SameSite=Strict session
 * cookie this is enough.
 *
 * The rules are for cookie sessions only: a `Bearer st_` caller's credential is not ambient (no page
 * can make a browser attach it), so its body-less writes need no content type.
 *
 * Which requests are staff writes is decided on the route the router matched, not on the URL as sent,
 * so `/staff/ap%69/...` is the same staff route it reaches. Checked in onRequest (routing is done by
 * then, the body is not parsed yet), so a forged form post is 403, not 415; a path or method with no
 * route is left to the router's 404.
 */
export function guardStaffWrites(fastify: FastifyInstance, config: AppConfig): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (READS.has(request.method) || !isStaffApiRoute(request, config.http.basePath) || staffTokenOf(request)) {
      done();
      return;
    }
    const origin = request.headers.origin;
    const ownOrigin = config.staffAuth.publicOrigin ?? `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== undefined && origin !== ownOrigin) {
      sendError(reply, HttpStatus.FORBIDDEN, FOREIGN_ORIGIN);
      return;
    }
    if (isBodilessSignOut(request, config)) {
      done();
      return;
    }
    // An upload's raw bytes: a type no cross-site form can send either (it needs a preflight).
    const upload = request.routeOptions.url === `${config.http.basePath}/${STAFF_UPLOADS_PATH}`;
    if (upload && OCTET_STREAM.test(request.headers['content-type'] ?? '')) {
      done();
      return;
    }
    if (!JSON_MEDIA.test(request.headers['content-type'] ?? '')) {
      sendError(reply, HttpStatus.FORBIDDEN, NOT_JSON);
      return;
    }
    done();
  });
}

/**
 * A sign-out with no body at all (no Content-Type, no length, no chunks), as the OpenAPI document
 * allows (issue 36): it may skip the JSON rule. Nothing is forged by it: the SameSite=Strict cookie is
 * not sent cross-site, the Origin rule above still holds, and all it could do is end a session.
 */
function isBodilessSignOut(request: FastifyRequest, config: AppConfig): boolean {
  const { headers } = request;
  return (
    request.method === 'POST' &&
    request.routeOptions.url === `${config.http.basePath}/${STAFF_API_PATH}/logout` &&
    headers['content-type'] === undefined &&
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  );
}
