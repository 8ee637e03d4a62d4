import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { AppConfig } from '../config/app-config';
import { INBOUND_EMAIL_PATH } from '../http/contract-paths';
import { MailMemoryLease, MailReader } from '../mail/mail-reader';
import { comeBackLater, InboundRouteService } from './inbound-route.service';

/**
 * Admits POST /inbound/email before its body is read: the sender is authenticated (404 while no
 * token is set, 401 without it) and the message's share of INBOUND_MEMORY_BUDGET is held, by its
 * Content-Length (a chunked body, whose size nobody knows yet, holds INBOUND_MAX_BYTES). A message that
 * does not fit beside the mail held already is answered 503 with Retry-After at once: its bytes are
 * never read into memory (before, six messages of 34 MB at once were each buffered whole first, and
 * anyone could send 40 MB bodies only to be told 401 after). The share is handed to the route
 * (claim), which gives it back once the message is taken; a request that ends otherwise (refused by
 * the body parser, aborted, timed out) gives it back when its connection's answer closes.
 *
 * A Fastify hook, registered by the module that has the route: it runs after the 415 of a body that is
 * not message/rfc822 (http/json-body.ts, registered before any module starts) and before the parser.
 */
@Injectable()
export class InboundAdmission implements OnModuleInit {
  private readonly logger = new Logger(InboundAdmission.name);
  /** The share held for each request admitted and not yet claimed by the route. */
  private readonly leases = new WeakMap<IncomingMessage, MailMemoryLease>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly route: InboundRouteService,
    private readonly reader: MailReader,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const path = `${this.config.http.basePath}/${INBOUND_EMAIL_PATH}`;
    fastify.addHook('preParsing', (request, reply, payload, done) => {
      if (request.method !== 'POST' || request.routeOptions.url !== path) {
        done(null, payload);
        return;
      }
      try {
        this.admit(request, reply.raw);
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, payload);
    });
  }

  /**
   * The share of INBOUND_MEMORY_BUDGET held for this request since before its body was read, handed to
   * the caller, who releases it; null when none is held (its connection closed first, or the request
   * did not pass the hook).
   */
  claim(request: FastifyRequest): MailMemoryLease | null {
    const lease = this.leases.get(request.raw) ?? null;
    this.leases.delete(request.raw);
    return lease;
  }

  private admit(request: FastifyRequest, response: ServerResponse): void {
    this.route.authenticate(request.headers.authorization);
    const bytes = this.bytesToHold(request.headers);
    if (bytes === 0) {
      return; // no body (400), or one over INBOUND_MAX_BYTES (413 from the parser, unread)
    }
    const lease = this.reader.reserve(bytes);
    if (!lease) {
      this.logger.warn(`An inbound message (${bytes} bytes declared) is over the memory budget for now: answered 503`);
      throw comeBackLater();
    }
    this.leases.set(request.raw, lease);
    // 'close' follows the answer however the request ended; a share the route claimed is its own.
    response.once('close', () => {
      if (this.leases.get(request.raw) === lease) {
        this.leases.delete(request.raw);
        lease.release();
      }
    });
  }

  /** The bytes a request's body will hold: its Content-Length, or INBOUND_MAX_BYTES when chunked. */
  private bytesToHold(headers: IncomingHttpHeaders): number {
    const maxBytes = this.config.mail.inboundMaxBytes;
    // Node's parser has checked Content-Length's digits, and refuses it beside Transfer-Encoding.
    const declared = headers['content-length'];
    if (declared === undefined) {
      return headers['transfer-encoding'] === undefined ? 0 : maxBytes;
    }
    const bytes = Number(declared);
    return bytes > maxBytes ? 0 : bytes;
  }
}
