import {
  HttpStatus,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleDestroy,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';
import { OccasionalLog } from '../logging/occasional-log';
import { connectSubscriber, RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { settleWithin } from '../queue/settle-within';
import { StaffAuthService } from '../staff-accounts/staff-auth.service';
import { StaffCredential } from '../staff-accounts/staff-cookie';
import { SubmissionChangesElsewhere } from '../submissions/facts/changes-elsewhere';
import { liveChannel, parseLiveEvent } from './live-event';

/** What EventSource waits before it reconnects (the `retry:` hint), in milliseconds. */
export const RECONNECT_HINT_MS = 3000;
/** How long a new stream waits for the channel's subscription (a process just started) before 503. */
const SUBSCRIBE_WAIT_MS = 2000;
/** A client that lets this much pile up unread is too slow to follow: it is closed, and reconnects. */
const MAX_BUFFERED_BYTES = 256 * 1024;

export const LIVE_UNAVAILABLE = 'Live events unavailable; poll instead';
export const TOO_MANY_STREAMS =
  'Too many live streams open for this account (STAFF_MAX_STREAMS): close a tab; this one polls instead';

/**
 * Takes a place among an account's open streams, deployment-wide: the account's sorted set holds one
 * member per open stream, scored by when it lapses unless its process renews it (at each heartbeat),
 * so the places of a process that died free themselves. Lapsed members are dropped first; a member is
 * added only below the cap. One key, so it runs on one node of a cluster too.
 */
const TAKE_PLACE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

interface Client {
  stream: PassThrough;
  /** Its place among its account's streams: the account's key and its own member. */
  place: { key: string; member: string };
  /** Whether the session or token that opened the stream still holds (checked at each heartbeat). */
  stillSignedIn: () => Promise<boolean>;
}

/**
 * The event stream's fan-out in one API process: one Redis subscriber connection for the process
 * (never one per browser) on the deployment's channel, and every open stream written from memory.
 * Heartbeats keep idle connections open through proxies and close streams whose session ended. A
 * stream ends when Redis drops the subscription (the console polls and reconnects, and reloads what
 * it may have missed) and when the process shuts down, so a graceful stop never waits on one.
 */
@Injectable()
export class LiveStream implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger(LiveStream.name);
  private readonly failures = new OccasionalLog(this.logger);
  private readonly clients = new Set<Client>();
  private subscriber: RedisClient | null = null;
  private subscribed: Promise<boolean> = Promise.resolve(false);
  private ready = false;
  private closing = false;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly elsewhere: SubmissionChangesElsewhere,
    private readonly auth: StaffAuthService,
    @InjectRedis() private readonly redis: RedisClient,
  ) {}

  /** How long a stream's place lasts without a renewal: three heartbeats, so one late beat loses nothing. */
  private get placeTtlMs(): number {
    return this.config.live.heartbeatInterval * 3000;
  }

  onApplicationBootstrap(): void {
    const subscriber = connectSubscriber(this.config.redis);
    this.subscriber = subscriber;
    subscriber.on('error', (error: Error) => this.failures.error(`Live events subscriber: ${error.message}`));
    subscriber.on('message', (_channel: string, message: string) => this.deliver(message));
    // Events published while the connection was down are lost: end the streams so each console
    // falls back to polling, reconnects, and reloads.
    subscriber.on('close', () => {
      if (this.ready) {
        this.ready = false;
        this.endAll();
      }
    });
    let subscribedOnce = false;
    // Back after a reconnect (ioredis has subscribed again as it got ready).
    subscriber.on('ready', () => {
      if (subscribedOnce && !this.closing) {
        this.ready = true;
      }
    });
    this.subscribed = subscriber.subscribe(liveChannel(this.config.redis)).then(
      () => (subscribedOnce = this.ready = !this.closing),
      () => false,
    );
    this.heartbeat = setInterval(() => void this.beat(), this.config.live.heartbeatInterval * 1000);
    this.heartbeat.unref();
  }

  /** Ends every stream and refuses new ones: a graceful stop never waits on an open stream. */
  onModuleDestroy(): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    this.endAll();
  }

  async onApplicationShutdown(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) {
      await settleWithin(subscriber.quit(), 1000);
      subscriber.disconnect();
    }
  }

  /**
   * A new stream: the reconnection hint first (so the browser knows its connection is up), then one
   * `data:` line per event, until `response` closes (the client went away). 503 while the channel
   * cannot be heard (Redis away), or while shutting down.
   */
  async open(accountId: string, credential: StaffCredential, response: NodeJS.EventEmitter): Promise<Readable> {
    if (!this.closing && !this.ready) {
      await settleWithin(this.subscribed, SUBSCRIBE_WAIT_MS);
    }
    if (this.closing || !this.ready) {
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, LIVE_UNAVAILABLE, { 'Retry-After': '5' });
    }
    const place = { key: `${this.config.redis.prefix}:streams:${accountId}`, member: randomUUID() };
    await this.takePlace(place);
    const client: Client = {
      stream: new PassThrough(),
      place,
      stillSignedIn: async () => (await this.auth.accountOf(credential))?.id === accountId,
    };
    this.clients.add(client);
    response.once('close', () => this.end(client));
    client.stream.write(`retry: ${RECONNECT_HINT_MS}\n: connected\n\n`);
    return client.stream;
  }

  /**
   * One of the account's STAFF_MAX_STREAMS places, counted across every API process (issue 36): one
   * account, or one stolen session, cannot hold an unbounded share of the processes' connections. Over
   * the cap the new stream is refused (429) rather than an old one ended: the tabs already following
   * keep their stream, the new one polls. Redis away: 503, as when the channel cannot be heard.
   */
  private async takePlace(place: { key: string; member: string }): Promise<void> {
    const now = Date.now();
    let taken: unknown;
    try {
      taken = await this.redis.eval(
        TAKE_PLACE,
        1,
        place.key,
        now,
        this.config.live.maxStreamsPerAccount,
        now + this.placeTtlMs,
        place.member,
        this.placeTtlMs,
      );
    } catch {
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, LIVE_UNAVAILABLE, { 'Retry-After': '5' });
    }
    if (taken !== 1) {
      // By then a stream of a process that died without a word has lapsed.
      const retryAfter = String(this.placeTtlMs / 1000);
      throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, TOO_MANY_STREAMS, { 'Retry-After': retryAfter });
    }
  }

  /** How many streams this process has open. */
  get size(): number {
    return this.clients.size;
  }

  private deliver(message: string): void {
    const event = parseLiveEvent(message);
    if (!event) {
      return;
    }
    if (event.type !== 'presence') {
      // Another process changed or took in a submission (or this one did: forgetting twice is harmless).
      this.elsewhere.heard();
    }
    if (this.clients.size === 0) {
      return; // every event this process publishes comes back here, mostly with no console following
    }
    const frame = `data: ${JSON.stringify(event)}\n\n`;
    for (const client of this.clients) {
      this.write(client, frame);
    }
  }

  /** A comment line to each stream, then each one's session check; a stream signed out ends. */
  private async beat(): Promise<void> {
    // Renew the places of the streams still open (XX: a place given up is not taken back).
    const lapse = Date.now() + this.placeTtlMs;
    await Promise.all(
      [...this.clients].map((client) =>
        this.redis
          .multi()
          .zadd(client.place.key, 'XX', lapse, client.place.member)
          .pexpire(client.place.key, this.placeTtlMs)
          .exec()
          .catch(() => undefined),
      ),
    );
    await Promise.all(
      [...this.clients].map(async (client) => {
        this.write(client, ': heartbeat\n\n');
        // A check that cannot be made (Redis or the database away for a moment) keeps the stream.
        if (!(await client.stillSignedIn().catch(() => true))) {
          this.end(client);
        }
      }),
    );
  }

  private write(client: Client, text: string): void {
    if (client.stream.writableLength > MAX_BUFFERED_BYTES) {
      this.end(client);
      return;
    }
    client.stream.write(text);
  }

  private end(client: Client): void {
    if (this.clients.delete(client)) {
      client.stream.end();
      // Given back at once; if Redis cannot hear it now, the place lapses after three heartbeats.
      this.redis.zrem(client.place.key, client.place.member).catch(() => undefined);
    }
  }

  private endAll(): void {
    for (const client of this.clients) {
      this.end(client);
    }
  }
}
