import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppConfig } from '../config/app-config';
import { isStaffApiRoute } from './contract-paths';

/**
 * Conditional GETs for the staff API's reads, so a console polling the list and counts every few
 * seconds moves a few bytes when nothing changed: a 200 JSON answer gets a weak ETag of its body and
 * `Cache-Control: private, no-cache` (browsers keep it and revalidate each time), and a request whose
 * If-None-Match names that ETag is answered 304 without a body. An ETag a route set itself (a
 * submission's version, which If-Match compares) is left alone.
 */
export function answerConditionalGets(fastify: FastifyInstance, config: AppConfig): void {
  // A callback hook, not an async one: every answer passes here (the contract's POSTs too), and an
  // async hook costs each a promise and a turn of the microtask queue before the answer is written.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.method !== 'GET' ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      !isStaffApiRoute(request, config.http.basePath) ||
      reply.hasHeader('ETag')
    ) {
      done(null, payload);
      return;
    }
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    void reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
    const wanted = request.headers['if-none-match'];
    if (wanted && wanted.split(',').some((tag) => tag.trim() === etag)) {
      void reply.code(304).removeHeader('Content-Type').removeHeader('Content-Length');
      done(null, '');
      return;
    }
    done(null, payload);
  });
}
