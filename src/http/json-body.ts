import { HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiException } from './api-exception';

/** Deeper JSON is refused at parse time, so no later layer ever recurses on a depth a client chose. */
export const MAX_JSON_DEPTH = 64;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

const invalidJson = () => new ApiException(HttpStatus.BAD_REQUEST, 'Invalid JSON body');

/**
 * True when arrays and objects in `text` nest deeper than `max`. One pass over the characters,
 * skipping string contents, before JSON.parse builds anything.
 */
export function exceedsJsonDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) {
        i++; // a backslash escapes the next character, quotes included
      } else if (code === 0x22) {
        inString = false;
      }
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) {
        return true;
      }
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * The contract's body format, below Nest: only application/json is parsed (anything else is 415), in
 * UTF-8 only (another charset is 415; bytes that are not UTF-8 are 400, however the body was framed),
 * an empty body is "no body", and unparseable JSON, JSON nested deeper than MAX_JSON_DEPTH or a JSON
 * value that is not an object is 400 `Invalid JSON body`.
 */
export function parseJsonBodies(fastify: FastifyInstance, bodyLimit: number): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    // As a buffer, not a string: decoding chunk by chunk would turn invalid bytes into U+FFFD.
    { parseAs: 'buffer', bodyLimit },
    (request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void) => {
      const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[1].toLowerCase();
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        done(new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Unsupported charset: expected utf-8'));
        return;
      }
      if (body.length === 0) {
        done(null, undefined);
        return;
      }
      let text: string;
      try {
        text = strictUtf8.decode(body);
      } catch {
        done(invalidJson());
        return;
      }
      if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
        done(invalidJson());
        return;
      }
      void parseJson(request, text, (error, value: unknown) => {
        if (error || value === null || typeof value !== 'object' || Array.isArray(value)) {
          done(invalidJson());
        } else {
          done(null, value);
        }
      });
    },
  );
}

/** The media type of a Content-Type header, lower-cased, without parameters ('' when there is none). */
function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** The 415 of a body type that only another route takes: like any other body that is not JSON. */
const jsonExpected = () =>
  new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Unsupported Content-Type: expected application/json');

/** The routes that take one body type only, and that type, per Fastify instance (see takeOnlyOn). */
const singleTypeRoutes = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * On `route`, a body of any type but `mediaType` is 415 naming the type it expects. Checked before
 * parsing, after every onRequest hook (security headers, request id, the staff-write guard); a read
 * (GET, HEAD) of the same path carries no body and is let through. One hook serves every such route:
 * every request passes it, so it reads the request's route once rather than once per route.
 */
function takeOnlyOn(fastify: FastifyInstance, route: string, mediaType: string): void {
  let routes = singleTypeRoutes.get(fastify);
  if (!routes) {
    const known = new Map<string, string>();
    routes = known;
    singleTypeRoutes.set(fastify, known);
    fastify.addHook('preParsing', (request, _reply, payload, done) => {
      const expected =
        request.method === 'GET' || request.method === 'HEAD' ? undefined : known.get(request.routeOptions.url ?? '');
      if (expected !== undefined && mediaTypeOf(request.headers['content-type']) !== expected) {
        done(new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, `Unsupported Content-Type: expected ${expected}`));
        return;
      }
      done(null, payload);
    });
  }
  routes.set(route, mediaType);
}

/**
 * `message/rfc822` bodies (a raw mail, up to INBOUND_MAX_BYTES) for the one route that takes them,
 * POST /inbound/email; on any other route such a body is 415 like every other non-JSON body. That route
 * takes nothing else: any other type, JSON included, is 415 naming the type it expects (before, a
 * client sending JSON there read "expected application/json" and did just that).
 */
export function parseRawMessages(fastify: FastifyInstance, route: string, maxBytes: number): void {
  takeOnlyOn(fastify, route, 'message/rfc822');
  fastify.addContentTypeParser(
    'message/rfc822',
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void) => {
      if (request.routeOptions.url !== route) {
        done(jsonExpected());
        return;
      }
      done(null, body);
    },
  );
}

/**
 * `application/octet-stream` bodies for the one route that takes them (a staff upload): handed to the
 * route as the request's stream, never buffered, so a file of 25 MiB costs a piece's worth of memory
 * (the route bounds it: ATTACHMENT_MAX_BYTES). On any other route such a body is 415; that route takes
 * nothing else (415 naming the type it expects). A cross-site form cannot send this type without a
 * preflight, so the staff-write guard lets it through for that route alone.
 */
export function parseUploadStreams(fastify: FastifyInstance, route: string): void {
  takeOnlyOn(fastify, route, 'application/octet-stream');
  fastify.addContentTypeParser(
    'application/octet-stream',
    (request: FastifyRequest, payload: unknown, done: (error: Error | null, value?: unknown) => void) => {
      if (request.routeOptions.url !== route) {
        done(jsonExpected());
        return;
      }
      done(null, payload);
    },
  );
}

/** The most a form of the one route that takes forms may weigh: a 2000-character comment, percent-encoded, fits. */
export const FORM_BODY_LIMIT = 32 * 1024;

const invalidForm = () => new ApiException(HttpStatus.BAD_REQUEST, 'Invalid form body');

/**
 * `application/x-www-form-urlencoded` bodies (what a plain HTML form sends) for the one route that
 * takes them, the rating page's form; on any other route such a body is 415 like every other non-JSON
 * body, and that route takes nothing else (415 naming the type it expects). Parsed strictly, in UTF-8:
 * `+` is a space, a malformed percent-escape or bytes that are not UTF-8 are 400 `Invalid form body`,
 * and a field sent twice keeps its last value. The values are strings for the validation pipe.
 */
export function parseFormBodies(fastify: FastifyInstance, route: string): void {
  takeOnlyOn(fastify, route, 'application/x-www-form-urlencoded');
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    (request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void) => {
      if (request.routeOptions.url !== route) {
        done(jsonExpected());
        return;
      }
      try {
        done(null, parseForm(strictUtf8.decode(body)));
      } catch {
        done(invalidForm());
      }
    },
  );
}

/** `a=1&b=x+y` as `{a: '1', b: 'x y'}`; throws on a malformed escape (decodeURIComponent's URIError). */
export function parseForm(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of text.split('&')) {
    if (pair === '') {
      continue;
    }
    const at = pair.indexOf('=');
    const [name, value] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    // An own property even for `__proto__`: the object is plain data, never a prototype.
    Object.defineProperty(fields, decode(name), {
      value: decode(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return fields;
}
