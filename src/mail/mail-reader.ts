import { Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { extname, join } from 'node:path';
import type { Piscina } from 'piscina';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { glanceAtHeaders, InboundMail } from './mail-parser';

/**
 * Why a message could not be read: over the time budget, over the memory budget, the parser gave up,
 * or handing it over failed for reasons of its own (once on the route, again and again over IMAP).
 */
export type UnreadableReason = 'too_slow' | 'too_much_memory' | 'malformed' | 'failed';

/** What could be told of an unreadable message at a glance (see glanceAtHeaders), and why it was not read. */
export interface UnreadableMail {
  unreadable: UnreadableReason;
  messageId: string;
  from: string | null;
  subject: string | null;
}

/** A message whose taking failed for reasons of its own, as kept for admins: what its head said at a glance. */
export function failedToTake(raw: Buffer): UnreadableMail {
  return { unreadable: 'failed', ...glanceAtHeaders(raw) };
}

/** A message read: the parsed mail, or an unreadable one. */
export type MailReading = { mail: InboundMail } | UnreadableMail;

/** Messages that may wait for a thread, per process; past that the caller is told to come back. */
const MAX_WAITING = 64;

/** Thrown when MAX_WAITING messages already wait: the route answers 503 and the sender tries again. */
export class MailReaderBusyError extends Error {
  constructor() {
    super('Every mail-parsing thread is busy and the wait list is full');
  }
}

/** A share of INBOUND_MEMORY_BUDGET held for one message until released (releasing twice is harmless). */
export interface MailMemoryLease {
  release(): void;
}

/**
 * Reads raw messages off the main thread: a pool of INBOUND_PARSE_THREADS worker threads (piscina)
 * runs the MIME parser, each message within INBOUND_PARSE_TIMEOUT_MS (the thread is stopped past it)
 * and INBOUND_PARSE_MEMORY_MB of heap (the thread dies past it). However hostile a message is (deep
 * multiparts, 100 000 nested `<div>`, a header of a megabyte), the event loop that answers requests
 * and probes only copies bytes in and a bounded object out: the parser can no longer freeze the
 * service, and a message over budget is an answer (unreadable), not an exception to retry forever.
 *
 * Messages wait here, not in the pool, so the time budget starts when a thread takes the message:
 * a message never runs out of time while it waits behind another.
 *
 * What they cost in memory is bounded too: a caller reserves a message's bytes (reserve) before
 * they are in memory (the route by the request's Content-Length, before its body is read; IMAP by the
 * size the server gives, before fetching) and releases them once it is taken, and
 * INBOUND_MEMORY_BUDGET bytes at most are held at once, arriving, waiting or parsing. Six messages of 34 MB at once held about 1 GB; what does not fit now waits
 * where it costs nothing (at the sender, on the IMAP server) instead of in this process.
 */
@Injectable()
export class MailReader implements OnModuleDestroy {
  private readonly logger = new Logger(MailReader.name);
  private pool?: Piscina;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Bytes of the messages reserved and not yet released. */
  private held = 0;

  constructor(
    private readonly config: AppConfig,
    // Absent from the command line, which has no metrics (and reads no mail).
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  /**
   * Holds `bytes` of INBOUND_MEMORY_BUDGET for one message, or answers null when they do not fit
   * beside what is held already. A message larger than the whole budget counts as the whole budget:
   * it is taken alone, never refused for good.
   */
  reserve(bytes: number): MailMemoryLease | null {
    const budget = this.config.mail.memoryBudget;
    const cost = Math.min(bytes, budget);
    if (this.held + cost > budget) {
      return null;
    }
    this.held += cost;
    this.metrics?.inboundMemoryHeld(this.held);
    let released = false;
    return {
      release: () => {
        if (!released) {
          released = true;
          this.held -= cost;
          this.metrics?.inboundMemoryHeld(this.held);
        }
      },
    };
  }

  async read(raw: Buffer): Promise<MailReading> {
    if (this.running >= this.config.mail.parse.threads) {
      if (this.waiting.length >= MAX_WAITING) {
        throw new MailReaderBusyError();
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    try {
      // A copy of its own, transferred: the thread gets exactly these bytes, with no second copy.
      const bytes = new Uint8Array(raw);
      const pool = await this.threads();
      const mail = (await pool.run(bytes, {
        transferList: [bytes.buffer],
        signal: AbortSignal.timeout(this.config.mail.parse.timeoutMs),
      })) as InboundMail;
      return { mail };
    } catch (error) {
      const reason = reasonOf(error);
      this.logger.warn(`An inbound message (${raw.length} bytes) could not be read: ${reason}`);
      return { unreadable: reason, ...glanceAtHeaders(raw) };
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  private async threads(): Promise<Piscina> {
    if (!this.pool) {
      // Loaded with the first message: a process that never receives mail starts no thread.
      const { Piscina } = await import('piscina');
      const { timeoutMs, memoryMb, threads } = this.config.mail.parse;
      // Built, the task is the .js beside this file; under ts-jest it is the .ts, which the thread
      // compiles with ts-node (a development dependency, present wherever tests run).
      const extension = extname(__filename);
      this.pool ??= new Piscina({
        filename: join(__dirname, `mail-parse.worker${extension}`),
        execArgv: extension === '.ts' ? ['--require', 'ts-node/register/transpile-only'] : [],
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: Math.max(60_000, timeoutMs),
        resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      });
    }
    return this.pool;
  }
}

function reasonOf(error: unknown): UnreadableReason {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (name === 'AbortError' || name === 'TimeoutError') {
    return 'too_slow';
  }
  return code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too_much_memory' : 'malformed';
}
