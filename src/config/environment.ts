import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  IsUrl,
  IsUUID,
  Max,
  Matches,
  Min,
  MinLength,
  getMetadataStorage,
  validateSync,
} from 'class-validator';

const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const toNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') {
    return value;
  }
  const lowered = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lowered)) {
    return true;
  }
  if (['0', 'false', 'no', 'off', ''].includes(lowered)) {
    return false;
  }
  return value;
};
const emptyToUndefined = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * Every setting the service reads, with its default. `.env.example` and the README's settings table
 * list the same names; keep the three in step.
 */
export class EnvironmentVariables {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsIn(['all', 'api', 'worker'])
  ROLE: 'all' | 'api' | 'worker' = 'all';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsString()
  BASE_PATH = '';

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  BODY_LIMIT = 65536;

  @IsString()
  TRUST_PROXY = 'false';

  @IsIn(['fatal', 'error', 'warn', 'log', 'debug', 'verbose'])
  LOG_LEVEL = 'log';

  @IsString()
  CORS_ORIGINS = '';

  /**
   * Serves the interactive API docs at /docs and the OpenAPI document at /docs/openapi.json (every
   * route, field and error; no data). Off hides them, e.g. on a public production host.
   */
  @Transform(toBoolean)
  @IsBoolean()
  API_DOCS = true;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  HEALTH_PORT = 3001;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16)
  METRICS_TOKEN?: string;

  @Transform(({ value }) => toInt({ value: emptyToUndefined({ value }) }))
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  @IsString()
  @MinLength(1)
  METRICS_HOST = '127.0.0.1';

  @IsUrl({ protocols: ['mysql', 'mariadb'], require_tld: false, require_protocol: true })
  DATABASE_URL = 'mysql://root@127.0.0.1:3306/contact_intake';

  /** At least 2: start-up holds one connection for the migration lock while migrations use another. */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  DB_POOL_SIZE = 10;

  @Transform(toInt)
  @IsInt()
  @IsPositive()
  DB_CONNECT_TIMEOUT = 5000;

  @IsUrl({ protocols: ['redis', 'rediss'], require_tld: false, require_protocol: true })
  REDIS_URL = 'redis://127.0.0.1:6379';

  @IsString()
  @MinLength(1)
  @Matches(/^[^{}\s]+$/, { message: 'no braces or white space (hash tags are added where a cluster needs them)' })
  REDIS_PREFIX = 'contact-intake';

  /**
   * `host:port,...` of some Redis Cluster nodes: every Redis use goes to the cluster (REDIS_URL then
   * only lends its user, password and TLS). Empty: one Redis at REDIS_URL.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\s*[^\s:,]+:\d{1,5}\s*(,\s*[^\s:,]+:\d{1,5}\s*)*$/, { message: 'a comma list of host:port' })
  REDIS_CLUSTER_NODES?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  JWT_SECRET?: string;

  @IsString()
  JWT_PREVIOUS_SECRETS = '';

  @IsString()
  @MinLength(1)
  JWT_ISSUER = 'contact-intake';

  @IsString()
  @MinLength(1)
  JWT_AUDIENCE = 'contact-intake';

  @Transform(toInt)
  @IsInt()
  @IsPositive()
  REFRESH_TOKEN_TTL = 30 * 24 * 3600;

  @Transform(toInt)
  @IsInt()
  @IsPositive()
  REFRESH_TOKEN_IDLE_TTL = 7 * 24 * 3600;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  REFRESH_REUSE_GRACE = 10;

  @Transform(toNumber)
  @IsNumber()
  @Min(0)
  @Max(5)
  API_KEY_CACHE_TTL = 2;

  @Transform(toInt)
  @IsInt()
  @IsPositive()
  DEFAULT_RATE_LIMIT = 60;

  @Transform(toInt)
  @IsInt()
  @IsPositive()
  DEFAULT_RATE_WINDOW = 60;

  @Transform(toInt)
  @IsInt()
  @IsPositive()
  AUTH_FAILURE_LIMIT = 20;

  @Transform(toNumber)
  @IsNumber()
  @IsPositive()
  OUTBOX_RELAY_INTERVAL = 5;

  /**
   * Seconds between a worker's checks that every queued submission and pending webhook delivery still
   * has its job in Redis (see QueueReconciler); 0 turns them off.
   */
  @Transform(toNumber)
  @IsNumber()
  @Min(0)
  RECONCILE_INTERVAL = 30;

  @Transform(toInt)
  @IsInt()
  @IsPositive()
  WORKER_CONCURRENCY = 5;

  @Transform(toInt)
  @IsInt()
  @IsPositive()
  JOB_ATTEMPTS = 8;

  @Transform(toNumber)
  @IsNumber()
  @Min(0)
  JOB_BACKOFF_DELAY = 5;

  /**
   * `none`: the operator's explicit choice of a worker with no staff channel (see DeliveryModule);
   * `webhooks`: only the webhook destinations managed with `webhooks add` (no STAFF_WEBHOOK_URL or e-mail).
   * Empty with neither STAFF_WEBHOOK_URL nor STAFF_EMAIL_TO: the service's own inbox (the console),
   * plus any managed destinations, which is what `webhooks` means too.
   */
  @IsIn(['', 'none', 'webhooks'])
  STAFF_CHANNELS: '' | 'none' | 'webhooks' = '';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  STAFF_WEBHOOK_URL?: string;

  /** Signs STAFF_WEBHOOK_URL's deliveries: a `whsec_` secret, or any string of 16+ bytes (its UTF-8 bytes). */
  @IsString()
  STAFF_WEBHOOK_SECRET = '';

  /** How long a rotated webhook secret keeps signing beside the new one (seconds). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  WEBHOOK_SECRET_OVERLAP = 86_400;

  /** Lets webhooks reach loopback, private, link-local and other non-public addresses. */
  @Transform(toBoolean)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE = false;

  /** Comma list of hosts (names or addresses, as in the URL) webhooks may reach whatever they resolve to. */
  @IsString()
  WEBHOOK_ALLOWED_HOSTS = '';

  /**
   * Seconds before each retry of a failed webhook (Standard Webhooks' schedule: 5 s, 5 min, 30 min,
   * 2 h, 5 h, 10 h, 14 h, 20 h, 24 h), each with +-10 % jitter; after the last, the delivery is failed.
   */
  @Matches(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/)
  WEBHOOK_RETRY_SCHEDULE = '5,300,1800,7200,18000,36000,50400,72000,86400';

  /** The whole webhook request, connect to last byte read (seconds). */
  @Transform(toNumber)
  @IsNumber()
  @IsPositive()
  WEBHOOK_TIMEOUT = 15;

  /** Seconds within which the same key's identical submission is a duplicate (spam filter). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86_400)
  SPAM_DUPLICATE_WINDOW = 600;

  /** Days a sender staff marked as spam stays marked for that key (spam filter). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3_650)
  SPAM_MARK_DAYS = 90;

  /** Days submissions flagged or marked as spam are kept before the retention job deletes them. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(36_500)
  SPAM_RETENTION_DAYS = 14;

  /** Days closed and spam submissions are kept (empty or `off`: forever); per key: `keys set-retention`. */
  @Transform(({ value }: { value: unknown }) => (value === '' || value === 'off' ? undefined : toInt({ value })))
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(36_500)
  RETENTION_DAYS?: number;

  /**
   * Encryption at rest of a submission's personal fields and notes: `<id>:<base64 of 32 bytes>,...`,
   * the first is the key new rows are sealed with (see parseEncryptionKeys). Empty: stored in clear.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  DATA_ENCRYPTION_KEYS?: string;

  /**
   * Base64 of 32 bytes: the HMAC key of `submissions.email_hash`, kept apart from the data keys so a
   * row under a removed data key is still found by address (issue 24). Empty: derived per data key.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  EMAIL_HASH_KEY?: string;

  /**
   * A file (JSON lines, hashes only) every erasure is also appended to, kept apart from the database
   * so a restored backup gets the erasures made after it back (see ErasureLog). Empty: the log lives in
   * the database only, and a restore needs `privacy erasure-log` taken before it.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ERASURE_LOG_FILE?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['smtp', 'smtps'], require_tld: false, require_protocol: true })
  SMTP_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  STAFF_EMAIL_TO?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({ require_tld: false })
  STAFF_EMAIL_FROM?: string;

  /** Replies and acknowledgements are sent from this address (a key may set its own `reply_from`). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({ require_tld: false })
  REPLY_FROM?: string;

  /**
   * The mailbox customers' answers reach (support@example.com): replies carry a plus-addressed
   * Reply-To (support+<token>@example.com) that threads the answer back to its submission.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({ require_tld: false })
  INBOUND_ADDRESS?: string;

  /** imaps://user:pass@host/INBOX (imap:// only for tests): polled by workers for customers' answers. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['imap', 'imaps'], require_tld: false, require_protocol: true })
  INBOUND_IMAP_URL?: string;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  INBOUND_POLL_INTERVAL = 30;

  /** Bearer token of POST /inbound/email (16+ characters); unset, the route answers 404. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16)
  INBOUND_TOKEN?: string;

  /**
   * The largest inbound message taken: room for one file of ATTACHMENT_MAX_BYTES (25 MiB) in base64
   * (a third larger) with its text.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  INBOUND_MAX_BYTES = 40 * 1024 * 1024;

  /**
   * Mailboxes at Microsoft 365 and Google: IMAP polling and SMTP sending authenticate with OAuth2
   * (SASL XOAUTH2 / OAUTHBEARER) once an admin connects the mailbox in the console. `oidc`: any
   * OpenID provider at MAIL_OAUTH_ISSUER. Unset: INBOUND_IMAP_URL and SMTP_URL carry passwords.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['microsoft', 'google', 'oidc'])
  MAIL_OAUTH_PROVIDER?: 'microsoft' | 'google' | 'oidc';

  /** The issuer of MAIL_OAUTH_PROVIDER=oidc (its /.well-known/openid-configuration is read); https, or http on loopback. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  MAIL_OAUTH_ISSUER?: string;

  /** The application (client) id registered at the provider. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MAIL_OAUTH_CLIENT_ID?: string;

  /** The application's client secret. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MAIL_OAUTH_CLIENT_SECRET?: string;

  /** Microsoft only: the directory (tenant) id or domain the mailbox belongs to; `organizations` takes any work account. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9.-]{1,100}$/)
  MAIL_OAUTH_TENANT = 'organizations';

  /** The scopes asked for, space-separated, instead of the provider's preset (needed for `oidc` servers with scopes of their own). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MAIL_OAUTH_SCOPES?: string;

  /** The largest file kept (inbound mail's attachments, staff uploads); a larger one is described, marked too_large. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

  /** The most a reply's files may weigh together (at most 10 files); mail servers refuse larger messages. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  REPLY_MAX_BYTES = 20 * 1024 * 1024;

  /** An API key id: unmatched inbound mail becomes a new submission of that key instead of waiting for an admin. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUUID()
  INBOUND_NEW_SUBMISSIONS_KEY?: string;

  /**
   * Inbound mail is parsed on worker threads, each message within a budget: at most this many
   * milliseconds and INBOUND_PARSE_MEMORY_MB of heap. A message over budget is kept as unreadable.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  INBOUND_PARSE_TIMEOUT_MS = 10_000;

  @Transform(toInt)
  @IsInt()
  @Min(32)
  INBOUND_PARSE_MEMORY_MB = 256;

  /** Threads that parse inbound mail, per process (started with the first message). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  INBOUND_PARSE_THREADS = 1;

  /**
   * Bytes of inbound messages a process holds at once, waiting for a thread or being parsed and
   * taken (each counted at its raw size; one larger than this is taken alone). A message that does
   * not fit waits: the route answers 503 with Retry-After, IMAP leaves it on the server for the next poll.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1024 * 1024)
  INBOUND_MEMORY_BUDGET = 128 * 1024 * 1024;

  /** Unmatched and unreadable mail kept for admins at most; the oldest go first (counted in a metric). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  INBOUND_UNMATCHED_MAX = 10_000;

  /**
   * The `authserv-id`s (comma-separated) of the receiving mail servers whose `Authentication-Results`
   * the service believes: a submission made from inbound mail is acknowledged only when the topmost
   * header of one of them says the From domain passed DMARC (or aligned SPF). Empty: never.
   */
  @IsString()
  INBOUND_TRUSTED_AUTHSERV_ID = '';

  /** At most this many acknowledgements per API key an hour (a fixed window counted in Redis). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ACK_MAX_PER_KEY_HOUR = 100;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ADMIN_USER?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ADMIN_PASSWORD?: string;

  @Transform(toNumber)
  @IsNumber()
  @IsPositive()
  SHUTDOWN_TIMEOUT = 10;

  @Transform(toBoolean)
  @IsBoolean()
  OUTBOX_RELAY_ENABLED = true;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(400)
  HEAP_GROWTH_PERCENT = 40;

  /** The service's public origin (https://intake.example.com): what staff writes' Origin must be. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  PUBLIC_URL?: string;

  @Transform(toInt)
  @IsInt()
  @IsPositive()
  STAFF_SESSION_IDLE = 1800;

  /**
   * Which accounts must have a second factor (an authenticator app or a passkey): until they set one
   * up, their sessions reach only their own account routes.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['none', 'admin', 'all'])
  STAFF_2FA_REQUIRED: 'none' | 'admin' | 'all' = 'none';

  /**
   * Single sign-on for staff with OpenID Connect: the provider's issuer (its discovery document is
   * read; https, or http on a loopback address), with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  OIDC_ISSUER?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OIDC_CLIENT_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  OIDC_CLIENT_SECRET?: string;

  /** `agent`: a verified address with no account becomes a new agent; `off` (default): it is refused. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['off', 'agent'])
  OIDC_CREATE_ACCOUNTS: 'off' | 'agent' = 'off';

  /** `true`: an SSO sign-in whose ID token's `amr` says `mfa` (or `otp`, `hwk`...) counts as two factors. */
  @Transform(toBoolean)
  @IsBoolean()
  OIDC_TRUST_MFA = false;

  /** `off`: passwords no longer sign in (single sign-on only; the CLI still works). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['on', 'off'])
  STAFF_PASSWORD_SIGN_IN: 'on' | 'off' = 'on';

  /** Staff API requests per account per minute (their own budget, apart from the client keys'). */
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  STAFF_RATE_LIMIT = 600;

  /**
   * Report requests (GET /staff/api/reports) per account per minute, besides STAFF_RATE_LIMIT: each is
   * computed from many rows, so one account may not keep the database busy with them.
   */
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  STAFF_REPORTS_RATE_LIMIT = 30;

  @Transform(toInt)
  @IsInt()
  @IsPositive()
  STAFF_SESSION_TTL = 12 * 3600;

  /**
   * Seconds between the heartbeats of an open event stream (GET /staff/api/stream): a comment line that
   * keeps proxies from closing an idle connection, and the moment the stream checks that its session
   * or token still holds (a signed-out stream closes within this).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(300)
  LIVE_HEARTBEAT_INTERVAL = 20;

  /**
   * Event streams (GET /staff/api/stream) one staff account may hold open at once, across every API
   * process: one more answers 429 (the console then polls). Bounds what one account (or one stolen
   * session) can hold of the processes' connections and memory; a tab is one stream.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  STAFF_MAX_STREAMS = 20;

  /** Canned replies the installation keeps at most: one more answers 409 until one is deleted. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  CANNED_REPLIES_MAX = 500;
}

/** Every setting's name, from the validators declared above (so the list cannot drift from the class). */
export function settingNames(): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(EnvironmentVariables, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}

/** Validates raw environment values; throws one line per bad setting. */
/**
 * `whsec_` + base64 of 24 to 64 bytes, as the Standard Webhooks spec asks. Checked here, where
 * STAFF_WEBHOOK_SECRET is read: the configuration imports no room (webhooks only signs with the secret).
 */
function isStandardWebhookSecret(secret: string): boolean {
  const base64 = secret.slice('whsec_'.length);
  if (!secret.startsWith('whsec_') || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    return false;
  }
  const bytes = Buffer.from(base64, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

export function validateEnvironment(raw: Record<string, string | undefined>): EnvironmentVariables {
  const present: Record<string, string> = {};
  for (const name of settingNames()) {
    const value = raw[name];
    if (value !== undefined) {
      present[name] = value;
    }
  }
  const env = plainToInstance(EnvironmentVariables, present);
  const problems = validateSync(env, { skipMissingProperties: false }).map((error) => {
    const shown =
      typeof error.value === 'string' && !/SECRET|PASSWORD|TOKEN|URL|KEYS/.test(error.property)
        ? ` (got "${error.value}")`
        : '';
    return `${error.property}: ${Object.values(error.constraints ?? {}).join('; ')}${shown}`;
  });
  if (env.NODE_ENV === 'production' && (!env.JWT_SECRET || Buffer.byteLength(env.JWT_SECRET) < 32)) {
    problems.push('JWT_SECRET: must be set to at least 32 bytes when NODE_ENV=production');
  }
  if (env.JWT_SECRET && Buffer.byteLength(env.JWT_SECRET) < 32 && env.NODE_ENV !== 'production') {
    problems.push('JWT_SECRET: must be at least 32 bytes');
  }
  if (Boolean(env.ADMIN_USER) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push('ADMIN_USER, ADMIN_PASSWORD: set both or neither');
  }
  // SMTP_URL alone sends replies and acknowledgements; with STAFF_EMAIL_TO it is also a staff channel.
  if (env.STAFF_CHANNELS === 'none' && (env.STAFF_WEBHOOK_URL || env.STAFF_EMAIL_TO)) {
    problems.push('STAFF_CHANNELS: "none" contradicts STAFF_WEBHOOK_URL / STAFF_EMAIL_TO; unset one or the other');
  }
  if (env.STAFF_CHANNELS === 'webhooks' && (env.STAFF_WEBHOOK_URL || env.STAFF_EMAIL_TO)) {
    problems.push(
      'STAFF_CHANNELS: "webhooks" (managed destinations only) contradicts STAFF_WEBHOOK_URL / STAFF_EMAIL_TO',
    );
  }
  if (env.STAFF_WEBHOOK_SECRET.startsWith('whsec_')) {
    if (!isStandardWebhookSecret(env.STAFF_WEBHOOK_SECRET)) {
      problems.push('STAFF_WEBHOOK_SECRET: a whsec_ secret is whsec_ + base64 of 24 to 64 bytes');
    }
  } else if (env.STAFF_WEBHOOK_URL && Buffer.byteLength(env.STAFF_WEBHOOK_SECRET) < 16) {
    // Every webhook is signed: an empty or guessable key would let anyone forge one.
    problems.push('STAFF_WEBHOOK_SECRET: at least 16 bytes (ideally a whsec_ secret) when STAFF_WEBHOOK_URL is set');
  }
  if (env.DATA_ENCRYPTION_KEYS) {
    const keys = parseEncryptionKeys(env.DATA_ENCRYPTION_KEYS);
    if (typeof keys === 'string') {
      problems.push(`DATA_ENCRYPTION_KEYS: ${keys}`);
    }
  }
  if (env.EMAIL_HASH_KEY && Buffer.from(env.EMAIL_HASH_KEY, 'base64').length !== 32) {
    problems.push('EMAIL_HASH_KEY: base64 of exactly 32 bytes (openssl rand -base64 32)');
  }
  problems.push(...mailOAuthProblems(env));
  problems.push(...ssoProblems(env));
  problems.push(...publicUrlProblems(env));
  if (env.STAFF_EMAIL_TO && !env.SMTP_URL) {
    problems.push('SMTP_URL: required when STAFF_EMAIL_TO is set (the staff e-mail channel sends through it)');
  }
  if (problems.length > 0) {
    throw new InvalidConfigurationError(problems);
  }
  return env;
}

/**
 * PUBLIC_URL in production, for single sign-on and an OAuth2 mailbox: without it their redirect URIs
 * come from the request's Host header, which is the client's to choose (development keeps that).
 */
function publicUrlProblems(env: EnvironmentVariables): string[] {
  const redirects = [env.OIDC_ISSUER ? 'single sign-on (OIDC_*)' : '', env.MAIL_OAUTH_PROVIDER ? 'MAIL_OAUTH_*' : ''];
  const uses = redirects.filter(Boolean).join(' and ');
  return env.NODE_ENV === 'production' && !env.PUBLIC_URL && uses
    ? [`PUBLIC_URL: required when NODE_ENV=production with ${uses} (redirect URIs must not come from the Host header)`]
    : [];
}

/** OIDC_*: all three or none; an https issuer (http on loopback); password sign-in off only with SSO. */
function ssoProblems(env: EnvironmentVariables): string[] {
  const problems: string[] = [];
  const given = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (given > 0 && given < 3) {
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none');
  }
  const issuer = env.OIDC_ISSUER ? URL.parse(env.OIDC_ISSUER) : null;
  if (issuer?.protocol === 'http:' && !isLoopbackName(issuer.hostname)) {
    problems.push('OIDC_ISSUER: https (plain http only on a loopback address)');
  }
  if (env.STAFF_PASSWORD_SIGN_IN === 'off' && given < 3) {
    problems.push(
      'STAFF_PASSWORD_SIGN_IN: "off" needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)',
    );
  }
  return problems;
}

/** 127.x.x.x, localhost or [::1]: where plain http stays on the machine. */
function isLoopbackName(hostname: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(hostname);
}

/**
 * MAIL_OAUTH_*: the provider's client, an issuer for `oidc`, and mailbox URLs naming host, port and
 * user but no password (the connected grant authenticates both).
 */
function mailOAuthProblems(env: EnvironmentVariables): string[] {
  const problems: string[] = [];
  if (!env.MAIL_OAUTH_PROVIDER) {
    return problems;
  }
  for (const name of ['MAIL_OAUTH_CLIENT_ID', 'MAIL_OAUTH_CLIENT_SECRET'] as const) {
    if (!env[name]) {
      problems.push(`${name}: required when MAIL_OAUTH_PROVIDER is set`);
    }
  }
  if (env.MAIL_OAUTH_PROVIDER === 'oidc') {
    if (!env.MAIL_OAUTH_ISSUER) {
      problems.push('MAIL_OAUTH_ISSUER: required when MAIL_OAUTH_PROVIDER=oidc');
    } else {
      const issuer = URL.parse(env.MAIL_OAUTH_ISSUER);
      if (issuer?.protocol === 'http:' && !isLoopbackName(issuer.hostname)) {
        problems.push('MAIL_OAUTH_ISSUER: https (plain http only on a loopback address)');
      }
    }
  }
  if (!env.INBOUND_IMAP_URL && !env.SMTP_URL) {
    problems.push('MAIL_OAUTH_PROVIDER: set INBOUND_IMAP_URL and/or SMTP_URL (host, port and the mailbox as user)');
  }
  for (const name of ['INBOUND_IMAP_URL', 'SMTP_URL'] as const) {
    const value = env[name];
    if (!value) {
      continue;
    }
    const url = URL.parse(value);
    if (!url) {
      continue; // its own validation says so
    }
    if (url.password) {
      problems.push(`${name}: no password with MAIL_OAUTH_PROVIDER (the connected grant authenticates)`);
    }
    if (!url.username) {
      problems.push(`${name}: name the mailbox as user (imaps://support%40example.com@host) with MAIL_OAUTH_PROVIDER`);
    }
  }
  return problems;
}

/** One data-encryption key: its id (stored beside every value it sealed) and its 32 bytes. */
export interface EncryptionKey {
  id: string;
  key: Buffer;
}

/**
 * `<id>:<base64 of 32 bytes>,...` into keys, or what is wrong with it (never echoing a key). Ids are
 * 1-16 letters, digits, `_` or `-`, each once.
 */
export function parseEncryptionKeys(raw: string): EncryptionKey[] | string {
  const keys: EncryptionKey[] = [];
  for (const [index, entry] of raw.split(',').entries()) {
    const match = /^([A-Za-z0-9_-]{1,16}):([A-Za-z0-9+/]+={0,2})$/.exec(entry.trim());
    if (!match) {
      return `entry ${index + 1} is not <id>:<base64 key> (id: 1-16 letters, digits, _ or -)`;
    }
    const key = Buffer.from(match[2], 'base64');
    if (key.length !== 32) {
      return `key "${match[1]}" is ${key.length} bytes; AES-256 needs exactly 32 (openssl rand -base64 32)`;
    }
    if (keys.some((known) => known.id === match[1])) {
      return `key id "${match[1]}" appears twice`;
    }
    keys.push({ id: match[1], key });
  }
  return keys;
}

export class InvalidConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
}
