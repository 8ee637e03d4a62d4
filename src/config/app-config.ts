import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { EncryptionKey, EnvironmentVariables, parseEncryptionKeys, validateEnvironment } from './environment';

/** The validated, typed configuration every module receives by injection. Durations are seconds. */
export class AppConfig {
  readonly env: EnvironmentVariables['NODE_ENV'];
  readonly role: EnvironmentVariables['ROLE'];
  readonly logLevel: string;
  readonly http: {
    port: number;
    host: string;
    basePath: string;
    bodyLimit: number;
    /** What Fastify's trustProxy takes: all, none, addresses/CIDRs, or a hop count as a function. */
    trustProxy: boolean | string | ((address: string, hop: number) => boolean);
    corsOrigins: string[];
    /** Whether /docs and /docs/openapi.json are served (API_DOCS). */
    docs: boolean;
  };
  readonly observability: { healthPort: number; metricsToken?: string; metricsPort?: number; metricsHost: string };
  readonly db: { url: string; poolSize: number; connectTimeoutMs: number };
  /** One Redis at `url`, or a cluster reached through `clusterNodes` (then `url` lends credentials and TLS). */
  readonly redis: { url: string; prefix: string; clusterNodes: { host: string; port: number }[] };
  readonly auth: {
    jwtSecret: string;
    jwtSecretGenerated: boolean;
    jwtPreviousSecrets: string[];
    issuer: string;
    audience: string;
    accessTokenTtl: number;
    refreshTokenTtl: number;
    refreshTokenIdleTtl: number;
    refreshReuseGrace: number;
    apiKeyCacheTtl: number;
  };
  readonly rateLimit: { defaultLimit: number; defaultWindow: number; authFailureLimit: number };
  readonly queue: {
    relayInterval: number;
    relayEnabled: boolean;
    /** Seconds between QueueReconciler passes; 0: off. */
    reconcileInterval: number;
    concurrency: number;
    attempts: number;
    backoffDelay: number;
    shutdownTimeout: number;
  };
  readonly staff: {
    /** STAFF_CHANNELS=none: the operator chose to run workers without a staff channel. */
    noChannel: boolean;
    webhookUrl?: string;
    webhookSecret: string;
    smtpUrl?: string;
    emailTo?: string;
    emailFrom?: string;
    /** STAFF_CHANNELS=webhooks: the managed destinations are the only channel. */
    webhooksOnly: boolean;
    /**
     * No external staff channel configured (no STAFF_WEBHOOK_URL, no STAFF_EMAIL_TO, no STAFF_CHANNELS):
     * staff work in the service's own inbox, the console; managed webhook destinations still get theirs.
     */
    inboxOnly: boolean;
  };
  /**
   * Mail with the people who wrote: replies go out by SMTP from `replyFrom`; answers come back to
   * `inboundAddress` (plus-addressed per submission) through the IMAP mailbox and/or the webhook route.
   */
  readonly mail: {
    smtpUrl?: string;
    replyFrom: string;
    inboundAddress?: string;
    imapUrl?: string;
    pollInterval: number;
    /** The budget of parsing one inbound message on a worker thread. */
    parse: { timeoutMs: number; memoryMb: number; threads: number };
    /** INBOUND_MEMORY_BUDGET: bytes of inbound messages held at once (waiting, parsing, being taken). */
    memoryBudget: number;
    unmatchedMax: number;
    inboundToken?: string;
    inboundMaxBytes: number;
    newSubmissionsKeyId?: string;
    /** INBOUND_TRUSTED_AUTHSERV_ID, lower-cased; empty: no inbound-mail submission is acknowledged. */
    trustedAuthservIds: string[];
    /** Acknowledgements per API key an hour, at most. */
    ackMaxPerKeyHour: number;
    /**
     * OAuth2 for IMAP and SMTP (MAIL_OAUTH_*): the provider and its client; `address` is the mailbox,
     * the user of INBOUND_IMAP_URL (else of SMTP_URL). Undefined: the URLs carry passwords.
     */
    oauth?: MailOAuthSettings;
  };
  /** Files customers send and staff upload: the largest kept, and the most a reply's files weigh together (bytes). */
  readonly attachments: { maxBytes: number; replyMaxBytes: number };
  /** Webhook delivery: secret rotation overlap and timeout (seconds), and the SSRF exceptions. */
  readonly webhooks: {
    secretOverlap: number;
    allowPrivate: boolean;
    allowedHosts: string[];
    timeout: number;
    /** Seconds before each retry. */
    retrySchedule: number[];
  };
  readonly admin: { user?: string; password?: string };
  /**
   * Personal data: days closed and spam submissions are kept (null: forever, unless a key says
   * otherwise), and the data-encryption keys (empty: stored in clear; the first seals new rows).
   */
  readonly privacy: {
    retentionDays: number | null;
    encryptionKeys: EncryptionKey[];
    emailHashKey: Buffer | null;
    /** ERASURE_LOG_FILE: where the erasure log is mirrored outside the database (null: not mirrored). */
    erasureLogFile: string | null;
  };
  /** The intake's spam checks (seconds and days). */
  readonly spam: { duplicateWindow: number; markDays: number; retentionDays: number };
  /** Staff sign-in: session lifetimes (seconds) and the origin staff writes must come from. */
  readonly staffAuth: {
    sessionIdle: number;
    sessionTtl: number;
    publicOrigin?: string;
    rateLimit: number;
    /** STAFF_REPORTS_RATE_LIMIT: report requests per account per minute. */
    reportsRateLimit: number;
    /** STAFF_2FA_REQUIRED: whose accounts must have a second factor. */
    secondFactorRequired: 'none' | 'admin' | 'all';
    /** STAFF_PASSWORD_SIGN_IN: false leaves single sign-on only. */
    passwordSignIn: boolean;
    /** OIDC_*: single sign-on with OpenID Connect; undefined without it. */
    sso?: { issuer: string; clientId: string; clientSecret: string; createAccounts: boolean; trustMfa: boolean };
  };
  /**
   * The live console: seconds between an event stream's heartbeats (and session checks), and the open
   * streams one account may hold across the deployment.
   */
  readonly live: { heartbeatInterval: number; maxStreamsPerAccount: number };
  /** Canned replies: how many the installation keeps at most. */
  readonly cannedReplies: { maxCount: number };
  /** V8's old-generation growth after each full GC, in percent; 0 leaves V8's own heuristic. */
  readonly heapGrowthPercent: number;

  constructor(env: EnvironmentVariables) {
    this.env = env.NODE_ENV;
    this.role = env.ROLE;
    this.logLevel = env.LOG_LEVEL;
    this.http = {
      port: env.PORT,
      host: env.HOST,
      basePath: normalizeBasePath(env.BASE_PATH),
      bodyLimit: env.BODY_LIMIT,
      trustProxy: parseTrustProxy(env.TRUST_PROXY),
      corsOrigins: env.CORS_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      docs: env.API_DOCS,
    };
    this.observability = {
      healthPort: env.HEALTH_PORT,
      metricsToken: env.METRICS_TOKEN,
      metricsPort: env.METRICS_PORT,
      metricsHost: env.METRICS_HOST,
    };
    this.db = { url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE, connectTimeoutMs: env.DB_CONNECT_TIMEOUT };
    this.redis = {
      url: env.REDIS_URL,
      prefix: env.REDIS_PREFIX,
      clusterNodes: (env.REDIS_CLUSTER_NODES ?? '')
        .split(',')
        .map((node) => node.trim())
        .filter(Boolean)
        .map((node) => {
          const [host, port] = node.split(':');
          return { host, port: Number(port) };
        }),
    };
    this.auth = {
      jwtSecret: env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
      jwtSecretGenerated: !env.JWT_SECRET,
      jwtPreviousSecrets: env.JWT_PREVIOUS_SECRETS.split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      // Fixed by the specification (section 8): expires_in is always 900.
      accessTokenTtl: 900,
      refreshTokenTtl: env.REFRESH_TOKEN_TTL,
      refreshTokenIdleTtl: env.REFRESH_TOKEN_IDLE_TTL,
      refreshReuseGrace: env.REFRESH_REUSE_GRACE,
      apiKeyCacheTtl: env.API_KEY_CACHE_TTL,
    };
    this.rateLimit = {
      defaultLimit: env.DEFAULT_RATE_LIMIT,
      defaultWindow: env.DEFAULT_RATE_WINDOW,
      authFailureLimit: env.AUTH_FAILURE_LIMIT,
    };
    this.queue = {
      relayInterval: env.OUTBOX_RELAY_INTERVAL,
      relayEnabled: env.OUTBOX_RELAY_ENABLED,
      reconcileInterval: env.RECONCILE_INTERVAL,
      concurrency: env.WORKER_CONCURRENCY,
      attempts: env.JOB_ATTEMPTS,
      backoffDelay: env.JOB_BACKOFF_DELAY,
      shutdownTimeout: env.SHUTDOWN_TIMEOUT,
    };
    this.staff = {
      noChannel: env.STAFF_CHANNELS === 'none',
      webhookUrl: env.STAFF_WEBHOOK_URL,
      webhookSecret: env.STAFF_WEBHOOK_SECRET,
      smtpUrl: env.SMTP_URL,
      emailTo: env.STAFF_EMAIL_TO,
      emailFrom: env.STAFF_EMAIL_FROM,
      webhooksOnly: env.STAFF_CHANNELS === 'webhooks',
      inboxOnly: env.STAFF_CHANNELS === '' && !env.STAFF_WEBHOOK_URL && !(env.SMTP_URL && env.STAFF_EMAIL_TO),
    };
    this.mail = {
      smtpUrl: env.SMTP_URL,
      replyFrom: env.REPLY_FROM ?? env.STAFF_EMAIL_FROM ?? 'contact-intake@localhost',
      inboundAddress: env.INBOUND_ADDRESS,
      imapUrl: env.INBOUND_IMAP_URL,
      pollInterval: env.INBOUND_POLL_INTERVAL,
      inboundToken: env.INBOUND_TOKEN,
      inboundMaxBytes: env.INBOUND_MAX_BYTES,
      newSubmissionsKeyId: env.INBOUND_NEW_SUBMISSIONS_KEY?.toLowerCase(),
      oauth: mailOAuthOf(env),
      parse: {
        timeoutMs: env.INBOUND_PARSE_TIMEOUT_MS,
        memoryMb: env.INBOUND_PARSE_MEMORY_MB,
        threads: env.INBOUND_PARSE_THREADS,
      },
      memoryBudget: env.INBOUND_MEMORY_BUDGET,
      unmatchedMax: env.INBOUND_UNMATCHED_MAX,
      trustedAuthservIds: env.INBOUND_TRUSTED_AUTHSERV_ID.split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
      ackMaxPerKeyHour: env.ACK_MAX_PER_KEY_HOUR,
    };
    this.attachments = { maxBytes: env.ATTACHMENT_MAX_BYTES, replyMaxBytes: env.REPLY_MAX_BYTES };
    this.webhooks = {
      secretOverlap: env.WEBHOOK_SECRET_OVERLAP,
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      allowedHosts: env.WEBHOOK_ALLOWED_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      timeout: env.WEBHOOK_TIMEOUT,
      retrySchedule: env.WEBHOOK_RETRY_SCHEDULE.split(',').map(Number),
    };
    this.admin = { user: env.ADMIN_USER, password: env.ADMIN_PASSWORD };
    this.privacy = {
      retentionDays: env.RETENTION_DAYS ?? null,
      // Validated already: a string (what is wrong) never gets here.
      encryptionKeys: env.DATA_ENCRYPTION_KEYS
        ? (parseEncryptionKeys(env.DATA_ENCRYPTION_KEYS) as EncryptionKey[])
        : [],
      emailHashKey: env.EMAIL_HASH_KEY ? Buffer.from(env.EMAIL_HASH_KEY, 'base64') : null,
      erasureLogFile: env.ERASURE_LOG_FILE ?? null,
    };
    this.spam = {
      duplicateWindow: env.SPAM_DUPLICATE_WINDOW,
      markDays: env.SPAM_MARK_DAYS,
      retentionDays: env.SPAM_RETENTION_DAYS,
    };
    this.staffAuth = {
      sessionIdle: env.STAFF_SESSION_IDLE,
      sessionTtl: env.STAFF_SESSION_TTL,
      publicOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
      rateLimit: env.STAFF_RATE_LIMIT,
      reportsRateLimit: env.STAFF_REPORTS_RATE_LIMIT,
      secondFactorRequired: env.STAFF_2FA_REQUIRED ?? 'none',
      passwordSignIn: env.STAFF_PASSWORD_SIGN_IN !== 'off',
      sso:
        env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
          ? {
              issuer: env.OIDC_ISSUER,
              clientId: env.OIDC_CLIENT_ID,
              clientSecret: env.OIDC_CLIENT_SECRET,
              createAccounts: env.OIDC_CREATE_ACCOUNTS === 'agent',
              trustMfa: env.OIDC_TRUST_MFA,
            }
          : undefined,
    };
    this.live = { heartbeatInterval: env.LIVE_HEARTBEAT_INTERVAL, maxStreamsPerAccount: env.STAFF_MAX_STREAMS };
    this.cannedReplies = { maxCount: env.CANNED_REPLIES_MAX };
    this.heapGrowthPercent = env.HEAP_GROWTH_PERCENT;
  }
}

function normalizeBasePath(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, '');
  if (trimmed === '') {
    return '';
  }
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function parseTrustProxy(raw: string): boolean | string | ((address: string, hop: number) => boolean) {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') {
    return false;
  }
  if (value === 'true') {
    return true;
  }
  if (/^\d+$/.test(value)) {
    // A hop count: the nearest `hops` addresses are proxies. Fastify 5.12 no longer takes a number
    // (it now fails closed), so the count is the trust function proxy-addr applied for it before.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/**
 * Reads `.env` into the environment (if present; variables already set win), then validates the
 * environment with `overrides` on top, once. Throws InvalidConfigurationError listing every bad setting.
 */
export function loadConfig(overrides: Record<string, string | undefined> = {}): AppConfig {
  if (existsSync('.env')) {
    process.loadEnvFile('.env');
  }
  return new AppConfig(validateEnvironment({ ...process.env, ...overrides }));
}

/** The OAuth2 client of the mailbox (see AppConfig.mail.oauth). */
export interface MailOAuthSettings {
  provider: 'microsoft' | 'google' | 'oidc';
  /** MAIL_OAUTH_PROVIDER=oidc: the issuer whose discovery document is read. */
  issuer?: string;
  clientId: string;
  clientSecret: string;
  /** Microsoft's tenant (directory id or domain, or `organizations`). */
  tenant: string;
  /** MAIL_OAUTH_SCOPES, split; undefined: the provider's preset. */
  scopes?: string[];
  address: string;
}

function mailOAuthOf(env: EnvironmentVariables): MailOAuthSettings | undefined {
  if (!env.MAIL_OAUTH_PROVIDER || !env.MAIL_OAUTH_CLIENT_ID || !env.MAIL_OAUTH_CLIENT_SECRET) {
    return undefined;
  }
  const mailboxUrl = env.INBOUND_IMAP_URL ?? env.SMTP_URL;
  return {
    provider: env.MAIL_OAUTH_PROVIDER,
    issuer: env.MAIL_OAUTH_ISSUER,
    clientId: env.MAIL_OAUTH_CLIENT_ID,
    clientSecret: env.MAIL_OAUTH_CLIENT_SECRET,
    tenant: env.MAIL_OAUTH_TENANT,
    scopes: env.MAIL_OAUTH_SCOPES?.split(/\s+/).filter(Boolean),
    address: mailboxUrl ? decodeURIComponent(new URL(mailboxUrl).username) : '',
  };
}
