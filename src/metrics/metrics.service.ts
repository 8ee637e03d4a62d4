import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Values of job_processing_seconds' `outcome` label, as spelled since 0.1.0. They are label values that
 * dashboards query, not submission states, so they are written here (metrics imports no room).
 */
const JOB_DELIVERED = 'delivered';
const JOB_NOT_DELIVERED = 'failed';

/**
 * The service's Prometheus metrics, in one registry per process. Domain code records what happened
 * through the named methods; nothing here knows about HTTP or queues beyond their labels.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  private readonly submissions = new Counter({
    name: 'submissions_accepted_total',
    help: 'Submissions stored and answered 200 (idempotent repeats not counted)',
    registers: [this.registry],
  });
  private readonly flaggedSpam = new Counter({
    name: 'spam_flagged_total',
    help: 'Submissions the spam filter flagged at intake, by key id and reason (one per reason it had)',
    labelNames: ['api_key_id', 'reason'],
    registers: [this.registry],
  });
  private readonly slaBreaches = new Counter({
    name: 'sla_breaches_total',
    help: 'Targets of SLA policies missed, recorded once per target at its due time, by target (first_response, resolution)',
    labelNames: ['target'],
    registers: [this.registry],
  });
  private readonly inboundMails = new Counter({
    name: 'inbound_mail_total',
    help: 'Inbound mail by outcome: attached (to its submission), unmatched (kept for admins), new_submission, unreadable (kept for admins: over the parsing budget, malformed, or failing again and again), bounced (a bounce: marks the reply it names, not kept)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly unmatchedDropped = new Counter({
    name: 'inbound_unmatched_dropped_total',
    help: 'Unmatched and unreadable mail dropped, oldest first, to keep the list within INBOUND_UNMATCHED_MAX',
    registers: [this.registry],
  });
  private readonly inboundMailHeld = new Gauge({
    name: 'inbound_memory_held_bytes',
    help: 'Bytes of inbound mail this process holds against INBOUND_MEMORY_BUDGET now: messages being received, waiting for a parsing thread, parsed or taken, each at its declared size (mail that does not fit waits at the sender or on the IMAP server)',
    registers: [this.registry],
  });
  private readonly refusedAcks = new Counter({
    name: 'acks_refused_total',
    help: 'Automatic acknowledgements not sent, by reason: unverified_sender (inbound mail the trusted server did not vouch for), mailbox (one this hour already), key_cap (ACK_MAX_PER_KEY_HOUR), unavailable (Redis away)',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  private readonly authFailures = new Counter({
    name: 'auth_failures_total',
    help: 'Failed authentications (bad API key or refresh token)',
    labelNames: ['endpoint'],
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: 'rate_limited_total',
    help: 'Requests answered 429 because their API key went over its limit, by key id',
    labelNames: ['api_key_id'],
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'job_processing_seconds',
    help: 'Time a worker spent on one job, by queue and outcome (delivered: the run succeeded; failed: it threw or was put back for a later attempt)',
    labelNames: ['queue', 'outcome'],
    buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly webhookDeliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by result: delivered, retry (an HTTP error), unreachable (no answer: refused address, timeout, connection error; retried), failed (the last attempt), gone (410)',
    labelNames: ['result'],
    registers: [this.registry],
  });
  private readonly webhookDuration = new Histogram({
    name: 'webhook_delivery_duration_seconds',
    help: 'Time of one webhook attempt, by destination id (`config` for STAFF_WEBHOOK_URL)',
    labelNames: ['destination'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [this.registry],
  });
  private readonly deliveryFailures = new Counter({
    name: 'delivery_failures_total',
    help: 'Failed deliveries to a staff channel',
    labelNames: ['channel'],
    registers: [this.registry],
  });
  /** Set from BullMQ on each scrape (see queue/'s QueueMetrics). */
  readonly queueJobs = new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in each queue, by queue and state',
    labelNames: ['queue', 'state'],
    registers: [this.registry],
  });

  /**
   * Whether the process is ready, by check, asked at each scrape (see probeReadinessWith): a process
   * that answers /metrics but cannot reach its database reads 0 here while `up` stays 1.
   */
  private readinessProbe: (() => Promise<Record<string, boolean>>) | null = null;
  private readonly ready = new Gauge({
    name: 'service_ready',
    help: 'Readiness by check (database, redis, migrations): 1 ready, 0 not; the same checks as /health/ready',
    labelNames: ['check'],
    registers: [this.registry],
    collect: async () => {
      for (const [check, up] of Object.entries((await this.readinessProbe?.()) ?? {})) {
        this.ready.set({ check }, up ? 1 : 0);
      }
    },
  });

  /** How `attachment_bytes_stored` is read at each scrape (the attachments room's; metrics knows no table). */
  private storedBytesProbe: (() => Promise<number | null>) | null = null;
  private readonly attachmentBytes = new Gauge({
    name: 'attachment_bytes_stored',
    help: "Bytes of the files kept (customers' attachments and staff uploads), the whole database; unchanged while it cannot be read",
    registers: [this.registry],
    collect: async () => {
      const bytes = await this.storedBytesProbe?.();
      if (typeof bytes === 'number') {
        this.attachmentBytes.set(bytes);
      }
    },
  });

  /** How `mailbox_connected` is read at each scrape (the mailboxes room's; null: there is no mailbox). */
  private mailboxProbe: (() => Promise<{ auth: string; connected: boolean } | null>) | null = null;
  private readonly mailboxConnected = new Gauge({
    name: 'mailbox_connected',
    help: 'Whether the mailbox signs in (1) or needs an admin (0: not connected yet, grant refused, password refused), by auth (password or oauth2); no series without a mailbox',
    labelNames: ['auth'],
    registers: [this.registry],
    collect: async () => {
      let mailbox: { auth: string; connected: boolean } | null;
      try {
        mailbox = (await this.mailboxProbe?.()) ?? null;
      } catch {
        return; // the database is away: the last value stays (service_ready says why)
      }
      this.mailboxConnected.reset();
      if (mailbox) {
        this.mailboxConnected.set({ auth: mailbox.auth }, mailbox.connected ? 1 : 0);
      }
    },
  });

  /**
   * The labelled series of each method, route and status seen, made once: prom-client hashes a label
   * object on every inc/observe, a cost paid on every request otherwise. Routes are the router's
   * patterns (or `unmatched`) and statuses a few, so the map stays small.
   */
  private readonly requestSeries = new Map<
    string,
    { count: ReturnType<Counter['labels']>; duration: ReturnType<Histogram['labels']> }
  >();
  private readonly spamSeries = new Map<string, ReturnType<Counter['labels']>>();

  /** What gauges read on each scrape (the queues' counts): registered by their owners, so metrics/ imports none. */
  private readonly scrapeRefreshes: (() => Promise<void>)[] = [];

  /** Runs `refresh` before each scrape is answered (it keeps its own deadline: see QueueMetrics). */
  refreshOnScrape(refresh: () => Promise<void>): void {
    this.scrapeRefreshes.push(refresh);
  }

  /** Every registered refresh, at once: before GET /metrics answers. */
  async refreshForScrape(): Promise<void> {
    await Promise.all(this.scrapeRefreshes.map((refresh) => refresh()));
  }

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // Both series from the start, at 0: increase() and the alert see the first breach as a rise.
    for (const target of ['first_response', 'resolution']) {
      this.slaBreaches.inc({ target }, 0);
    }
  }

  /** How `service_ready` learns readiness at each scrape (the health room's checks; metrics knows none of them). */
  probeReadinessWith(probe: () => Promise<Record<string, boolean>>): void {
    this.readinessProbe = probe;
  }

  /** How `attachment_bytes_stored` learns the bytes at each scrape (null: unknown now, keep the last value). */
  measureStoredBytesWith(probe: () => Promise<number | null>): void {
    this.storedBytesProbe = probe;
  }

  /** How `mailbox_connected` learns the mailbox's state at each scrape. */
  measureMailboxWith(probe: () => Promise<{ auth: string; connected: boolean } | null>): void {
    this.mailboxProbe = probe;
  }

  recordRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = { count: this.requests.labels(labels), duration: this.requestDuration.labels(labels) };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }

  submissionAccepted(): void {
    this.submissions.inc();
  }

  /** A target of a submission's service level was missed (`first_response` or `resolution`). */
  slaBreached(target: string): void {
    this.slaBreaches.inc({ target });
  }

  spamFlagged(apiKeyId: string, reasons: readonly string[]): void {
    for (const reason of reasons) {
      // One series per key and reason, made once (as recordRequest's): a flood of spam flags every request.
      const key = `${apiKeyId} ${reason}`;
      let series = this.spamSeries.get(key);
      if (!series) {
        series = this.flaggedSpam.labels({ api_key_id: apiKeyId, reason });
        this.spamSeries.set(key, series);
      }
      series.inc();
    }
  }

  inboundMail(outcome: 'attached' | 'unmatched' | 'new_submission' | 'unreadable' | 'bounced'): void {
    this.inboundMails.inc({ outcome });
  }

  /** The bytes of inbound mail held against INBOUND_MEMORY_BUDGET, set whenever they change. */
  inboundMemoryHeld(bytes: number): void {
    this.inboundMailHeld.set(bytes);
  }

  unmatchedMailDropped(count: number): void {
    if (count > 0) {
      this.unmatchedDropped.inc(count);
    }
  }

  ackRefused(reason: 'unverified_sender' | 'mailbox' | 'key_cap' | 'unavailable'): void {
    this.refusedAcks.inc({ reason });
  }

  authFailed(endpoint: string): void {
    this.authFailures.inc({ endpoint });
  }

  rateLimitedKey(apiKeyId: string): void {
    this.rateLimited.inc({ api_key_id: apiKeyId });
  }

  /** Starts timing one job; call the result with whether it delivered (label `outcome`). */
  startJobTimer(queue: string): (delivered: boolean) => void {
    const stop = this.jobDuration.startTimer({ queue });
    return (delivered) => stop({ outcome: delivered ? JOB_DELIVERED : JOB_NOT_DELIVERED });
  }

  webhookAttempted(destinationId: string, result: string, seconds: number): void {
    this.webhookDeliveries.inc({ result });
    this.webhookDuration.observe({ destination: destinationId }, seconds);
  }

  deliveryFailed(channel: string): void {
    this.deliveryFailures.inc({ channel });
  }
}
