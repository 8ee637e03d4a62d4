/**
 * The comparison point for `npm run bench -- --compare`: per request, exactly the work the contract
 * asks of the service, hand-written on node:http with mysql2, ioredis, bullmq and crypto, no framework.
 * docs/performance.md ("What each side does per request") lists it line by line beside the service.
 *
 * /contact_api.php: the contract's body checks (application/json, strict UTF-8, an object), the
 * bearer token verified with every claim (and remembered until it expires, as the service does), the
 * key still active (2 s cache), the per-key limit (one Lua script), every field checked with the
 * contract's bounds (validator.js's isEmail, code points, control characters, well-formed Unicode), the
 * spam checks (fingerprint, keyed sender hash, one Lua script, disposable domains, link stuffing), one
 * INSERT committed before the 200, then the outbox: one addBulk and one `queued` UPDATE per 20 ms, and
 * for a clean submission one PUBLISH to the live console, which its own subscriber hears back and
 * parses (as the service's API process does). Every column of the row is written (the service-level
 * columns empty: the bench has no SLA policy and no rule, see readIntakeRules).
 * /auth.php: the per-IP failure check beside the key lookup, the per-key limit, a refresh token family
 * stored, an HS256 access token signed.
 *
 * BASELINE_GROUPED=true makes it group as the service does: the INSERTs of requests that arrive in the
 * same event-loop turn go out as one multi-row statement (each request still answers only after that
 * commit). Without it (naive), one INSERT per request and one queue add and UPDATE per submission.
 */
import { Queue } from 'bullmq';
import { isEmail } from 'class-validator';
import Redis from 'ioredis';
import { createPool, RowDataPacket } from 'mysql2/promise';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { v7 as uuidv7 } from 'uuid';
import { isWellFormedApiKey } from '../../src/api-keys/api-key-format';
import { matchedEmail } from '../../src/database/matched-email';
import { sha256Hex } from '../../src/database/sha256';
import { INCREMENT_SCRIPT } from '../../src/rate-limits/throttle-script';
import {
  contentFingerprint,
  isDisposableAddress,
  isLinkStuffed,
  SpamReason,
  verdictOf,
} from '../../src/spam/spam-signals';

const env = process.env;
const port = Number(env.PORT ?? 3100);
const secret = env.JWT_SECRET ?? 'x'.repeat(32);
const issuer = 'contact-intake';
const audience = 'contact-intake';
const prefix = env.REDIS_PREFIX ?? 'baseline';
const kid = sha256Hex(secret).slice(0, 16);
const grouped = env.BASELINE_GROUPED === 'true';
/** As the service: at most this many rows per INSERT, under max_allowed_packet. */
const MAX_ROWS = 100;
/** As the service's outbox: ids gather this long before one addBulk and one UPDATE. */
const OUTBOX_WINDOW_MS = 20;
/** The service's defaults: SPAM_DUPLICATE_WINDOW, AUTH_FAILURE_LIMIT, REFRESH_TOKEN_IDLE_TTL and _TTL. */
const SPAM_WINDOW_MS = 600_000;
const AUTH_FAILURE_LIMIT = 20;
const REFRESH_IDLE_MS = 7 * 86400e3;
const REFRESH_FAMILY_MS = 30 * 86400e3;

// Without mysql2's per-query stack capture, as the service's pool (2 % of this server's CPU at c=1).
const pool = createPool({
  uri: env.DATABASE_URL,
  connectionLimit: 10,
  charset: 'utf8mb4_unicode_ci',
  timezone: 'Z',
  trace: false,
});
const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { enableOfflineQueue: false });
const queue = new Queue('submissions', {
  connection: new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null }),
  prefix: `${prefix}:bull`,
});

// The service's own script (its storage imports the same text).
redis.defineCommand('throttle', { numberOfKeys: 2, lua: INCREMENT_SCRIPT });
/** The spam checks' one step: content seen within the window (and recorded again), sender marked. */
const SPAM_CHECK = `
local seen = redis.call('EXISTS', KEYS[1])
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
local marked = 0
if ARGV[2] == '1' then marked = redis.call('EXISTS', KEYS[2]) end
return {seen, marked}`;
redis.defineCommand('spamCheck', { numberOfKeys: 2, lua: SPAM_CHECK });
type Scripts = {
  throttle: (...args: unknown[]) => Promise<number[]>;
  spamCheck: (...args: unknown[]) => Promise<number[]>;
};
const scripts = redis as unknown as Scripts;

/**
 * Gathers what calls bring in one event-loop turn (or within `windowMs`) and hands it to `flush` at
 * once; each call settles when its batch does.
 */
function batcher<T>(flush: (items: T[]) => Promise<unknown>, windowMs = 0): (item: T) => Promise<void> {
  const pending: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const run = () => {
    const batch = pending.splice(0, MAX_ROWS);
    if (pending.length > 0) {
      setImmediate(run);
    }
    flush(batch.map((entry) => entry.item)).then(
      () => batch.forEach((entry) => entry.resolve()),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  };
  return (item: T) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (pending.length === 1) {
        if (windowMs > 0) {
          setTimeout(run, windowMs);
        } else {
          setImmediate(run);
        }
      }
    });
}

/** One INSERT of `rows` (each a list of values for `columns`), grouped or one per call. */
function inserter(table: string, columns: string[]): (row: unknown[]) => Promise<unknown> {
  const statement = (count: number) =>
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(count)
      .fill(`(${columns.map(() => '?').join(', ')})`)
      .join(', ')}`;
  if (!grouped) {
    const single = statement(1);
    return (row) => pool.execute(single, row as never);
  }
  return batcher<unknown[]>((rows) => pool.query(statement(rows.length), rows.flat()));
}

const insertRefreshToken = inserter('refresh_tokens', [
  'id',
  'token_hash',
  'family_id',
  'api_key_id',
  'created_at',
  'expires_at',
  'family_expires_at',
  'used_at',
  'revoked_at',
]);
/** Every column, as the service writes them (the workflow columns at their starting values). */
const SUBMISSION_COLUMNS = [
  'id',
  'api_key_id',
  'name',
  'email',
  'email_hash',
  'phone',
  'business',
  'message',
  'enc_key_id',
  'client_ip',
  'user_agent',
  'idempotency_key',
  'state',
  'attempts',
  'last_error',
  'created_at',
  'updated_at',
  'processed_at',
  'status',
  'assignee_id',
  'version',
  'closed_at',
  'first_response_at',
  'spam_reasons',
  'priority',
  // Since issue 41-42 the service writes these too (a new submission's service level, its measures,
  // its merge): every column of the table, so the statement carries as many values as the service's.
  'sender_verified',
  'sla_policy_id',
  'first_response_due_at',
  'resolution_due_at',
  'first_response_breached_at',
  'resolution_breached_at',
  'sla_paused_at',
  'sla_paused_minutes',
  'sla_due_at',
  'sla_check_at',
  'first_response_minutes',
  'resolution_minutes',
  'last_closed_at',
  'merged_into_id',
];
const insertSubmission = inserter('submissions', SUBMISSION_COLUMNS);
/**
 * A new row's values from sender_verified on: not from mail, no service level (the bench has no
 * policy), no target met or measured, nothing paused, closed or merged.
 */
const NEW_ROW_TAIL = [null, null, null, null, null, null, null, 0, null, null, null, null, null, null];

const JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 3600, count: 10000 },
  removeOnFail: false,
};
const markQueued = (ids: string[]) =>
  pool.query("UPDATE submissions SET state = 'queued', updated_at = ? WHERE id IN (?) AND state = 'received'", [
    new Date(),
    ids,
  ]);
/**
 * The outbox, after commit: the job, then the `queued` mark. Grouped: one addBulk and one UPDATE for
 * the ids of 20 ms, as the service; naive: one of each per submission.
 */
const enqueue: (id: string) => Promise<unknown> = grouped
  ? batcher<string>(async (ids) => {
      await queue.addBulk(
        ids.map((id) => ({
          name: 'deliver-submission',
          data: { submissionId: id },
          opts: { jobId: id, ...JOB_OPTIONS },
        })),
      );
      await markQueued(ids);
    }, OUTBOX_WINDOW_MS)
  : async (id) => {
      await queue.add('deliver-submission', { submissionId: id }, { jobId: id, ...JOB_OPTIONS });
      await markQueued([id]);
    };

/**
 * What the service's intake reads from memory beside the row: the SLA policies (to set a new
 * submission's service-level columns) and the enabled rules of `received` (only a match takes the
 * rules' transaction). Read at start-up, as the service reads its snapshots on first use; the bench
 * gives the baselines neither, so each submission finds none, as the service's do by default (with
 * --sla-policy or --rules the service does work this baseline has no code for, and it says so).
 */
async function readIntakeRules(): Promise<void> {
  const [policies] = await pool.query<RowDataPacket[]>('SELECT id FROM sla_policies');
  const [rules] = await pool.query<RowDataPacket[]>("SELECT id FROM rules WHERE enabled = 1 AND event = 'received'");
  if (policies.length > 0 || rules.length > 0) {
    process.stderr.write(
      'baseline: SLA policies and rules are not implemented here; the comparison is not like for like\n',
    );
  }
}

/**
 * The service's API process hears its own live events back (one subscriber per process): it parses
 * each, forgets its cached counts and writes it to the consoles following (none in the bench). The
 * same subscription and parse here.
 */
const LIVE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Whether a message of the channel is a live event, checked as the service's subscriber checks one. */
function isLiveEvent(message: string): boolean {
  try {
    const event = JSON.parse(message) as { type?: unknown; id?: unknown };
    return event.type === 'submission.created' && typeof event.id === 'string' && LIVE_ID.test(event.id);
  } catch {
    return false;
  }
}
let liveEventsHeard = 0;
const liveSubscriber = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
liveSubscriber.on('message', (_channel: string, message: string) => {
  // No console follows here: the event is only counted (the service writes it to none either).
  liveEventsHeard += isLiveEvent(message) ? 1 : 0;
});
void liveSubscriber.subscribe(`${prefix}:live`);

interface Key {
  id: string;
  rate_limit: number;
  rate_window: number;
  rate_block: number | null;
  revoked_at: Date | null;
  spam_filter: number;
}
const cache = new Map<string, { key: Key | null; until: number }>();
async function cachedKey(column: 'key_hash' | 'id', value: string): Promise<Key | null> {
  const hit = cache.get(value);
  if (hit && hit.until > Date.now()) {
    return hit.key;
  }
  const [rows] = await pool.query<(Key & RowDataPacket)[]>(
    `SELECT id, rate_limit, rate_window, rate_block, revoked_at, spam_filter FROM api_keys WHERE ${column} = ?`,
    [value],
  );
  const key = rows[0] && !rows[0].revoked_at ? rows[0] : null;
  cache.set(value, { key, until: Date.now() + 2000 });
  return key;
}

async function limited(key: Key, response: ServerResponse): Promise<boolean> {
  const window = key.rate_window * 1000;
  const [hits, left, blocked] = await scripts.throttle(
    `${prefix}:rate:{rl:key:${key.id}}:window`,
    `${prefix}:rate:{rl:key:${key.id}}:blocked-until`,
    window,
    key.rate_limit,
    (key.rate_block ?? key.rate_window) * 1000,
    Date.now(),
  );
  response.setHeader('X-RateLimit-Limit', key.rate_limit);
  response.setHeader('X-RateLimit-Remaining', Math.max(0, key.rate_limit - hits));
  response.setHeader('X-RateLimit-Reset', Math.ceil(left / 1000));
  return blocked === 1;
}

/**
 * The per-IP failed-authentication limit, checked before every attempt as the service does: one GET
 * of the IP's block end (set by the failure that reaches AUTH_FAILURE_LIMIT in the window).
 */
async function ipBlocked(ip: string): Promise<boolean> {
  return Number((await redis.get(`${prefix}:authfail:{${ip}}:block`)) ?? 0) > Date.now();
}

/** Counts a failed authentication against the IP; the one that reaches the limit blocks it for the window. */
async function recordFailure(ip: string): Promise<void> {
  const hits = await redis.incr(`${prefix}:authfail:{${ip}}:hits`);
  if (hits === 1) {
    await redis.pexpire(`${prefix}:authfail:{${ip}}:hits`, 60_000);
  }
  if (hits >= AUTH_FAILURE_LIMIT) {
    await redis.set(`${prefix}:authfail:{${ip}}:block`, String(Date.now() + 60_000), 'PX', 60_000);
  }
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function sign(sub: string): string {
  const iat = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'at+jwt', kid })}.${b64({ jti: randomUUID(), iat, exp: iat + 900, aud: audience, iss: issuer, sub })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
/** Tokens that passed full verification, until they expire (the service keeps the same kind of cache). */
const verified = new Map<string, { sub: string; exp: number }>();
const VERIFIED_MAX = 10_000;
function verify(token: string): string | null {
  const known = verified.get(token);
  if (known && known.exp > Date.now() / 1000) {
    return known.sub;
  }
  const parts = token.split('.');
  if (parts.length !== 3) {
    return null;
  }
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString());
    if (header.alg !== 'HS256' || header.typ !== 'at+jwt' || header.kid !== kid) {
      return null;
    }
    const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2], 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return null;
    }
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const ok =
      claims.iss === issuer &&
      claims.aud === audience &&
      typeof claims.sub === 'string' &&
      typeof claims.jti === 'string' &&
      typeof claims.iat === 'number' &&
      claims.exp > now &&
      claims.iat <= now + 30 &&
      claims.exp - claims.iat === 900;
    if (!ok) {
      return null;
    }
    if (verified.size >= VERIFIED_MAX) {
      verified.delete(verified.keys().next().value!);
    }
    verified.set(token, { sub: claims.sub, exp: claims.exp });
    return claims.sub;
  } catch {
    return null;
  }
}

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const PHONE = /^[0-9 +\-()./x]*$/;
const FIELDS = ['name', 'email', 'phone', 'business', 'message'];
const LIMITS: Record<string, number> = { name: 200, email: 254, phone: 32, business: 200, message: 10000 };
/** Code points, as utf8mb4 columns count them; only counted when UTF-16 units could exceed the limit. */
function codePoints(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0xd800 || code > 0xdbff) {
      count++;
    } else {
      count++;
      i++;
    }
  }
  return count;
}
/** The contract's checks in its order; trims the values in place. */
function validate(body: Record<string, unknown>): string | null {
  for (const field of Object.keys(body)) {
    if (!FIELDS.includes(field)) {
      return `Unknown field: ${field}`;
    }
  }
  if (body.name === undefined || body.name === null || (typeof body.name === 'string' && body.name.trim() === '')) {
    return 'Missing field: name';
  }
  for (const field of FIELDS) {
    const value = body[field];
    if (value === undefined || value === null) {
      continue;
    }
    if (typeof value !== 'string') {
      return `Invalid field: ${field}`;
    }
    const trimmed = value.trim();
    body[field] = trimmed;
    if (trimmed === '') {
      continue;
    }
    const max = LIMITS[field];
    if (
      (trimmed.length > max && codePoints(trimmed) > max) ||
      !trimmed.isWellFormed() ||
      CONTROL.test(trimmed) ||
      (field === 'email' && !isEmail(trimmed)) ||
      (field === 'phone' && !PHONE.test(trimmed))
    ) {
      return `Invalid field: ${field}`;
    }
  }
  return null;
}

type Fields = {
  name: string;
  email?: string | null;
  phone?: string | null;
  business?: string | null;
  message?: string | null;
};
/** The intake's spam checks: local signals and one Redis script under the key's hash tag. */
async function spamReasons(keyId: string, fields: Fields, senderHash: string | null): Promise<SpamReason[]> {
  const fingerprint = contentFingerprint(fields);
  let seen = 0;
  let marked = 0;
  try {
    [seen, marked] = await scripts.spamCheck(
      `${prefix}:{spam:${keyId}}:content:${fingerprint}`,
      `${prefix}:{spam:${keyId}}:sender:${senderHash ?? '-'}`,
      SPAM_WINDOW_MS,
      senderHash ? '1' : '0',
    );
  } catch {
    // fails open, as the service
  }
  const found: [boolean, SpamReason][] = [
    [seen === 1, 'duplicate'],
    [marked === 1, 'marked_sender'],
    [isDisposableAddress(fields.email), 'disposable_domain'],
    [isLinkStuffed(fields), 'link_stuffed'],
  ];
  return verdictOf(found.filter(([present]) => present).map(([, reason]) => reason));
}

function send(response: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}
const fail = (response: ServerResponse, status: number, message: string) =>
  send(response, status, { status: 'error', message });

function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 65536) {
        chunks.push(chunk);
      }
    });
    request.on('end', () => resolve(size > 65536 ? null : Buffer.concat(chunks)));
  });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const JSON_TYPE = /^application\/json\s*(;|$)/i;
/** The contract's body rules: 413, 415 (not JSON), 400 (not UTF-8, not JSON, not an object); else the object. */
function bodyOf(
  request: IncomingMessage,
  response: ServerResponse,
  raw: Buffer | null,
): Record<string, unknown> | null {
  if (raw === null) {
    fail(response, 413, 'Request body too large');
    return null;
  }
  if (raw.length === 0) {
    return {};
  }
  if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) {
    fail(response, 415, 'Unsupported Content-Type: expected application/json');
    return null;
  }
  let body: unknown;
  try {
    body = JSON.parse(strictUtf8.decode(raw));
  } catch {
    fail(response, 400, 'Invalid JSON body');
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    fail(response, 400, 'Invalid JSON body');
    return null;
  }
  return body as Record<string, unknown>;
}

async function auth(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const presented = request.headers['x-api-key'];
  const ip = request.socket.remoteAddress ?? '';
  // The IP's failure count and the key, side by side (one Redis command, one cached lookup).
  const [blocked, key] = await Promise.all([
    ipBlocked(ip),
    typeof presented === 'string' && isWellFormedApiKey(presented)
      ? cachedKey('key_hash', sha256Hex(presented))
      : Promise.resolve(null),
  ]);
  if (blocked) {
    return fail(response, 429, 'Too many requests');
  }
  if (!key) {
    await recordFailure(ip);
    return fail(
      response,
      401,
      typeof presented === 'string' && presented !== '' ? 'Invalid API key' : 'Missing API key',
    );
  }
  if (await limited(key, response)) {
    return fail(response, 429, 'Too many requests');
  }
  const refresh = `rt_${randomBytes(32).toString('base64url')}`;
  const now = new Date();
  await insertRefreshToken([
    uuidv7(),
    sha256Hex(refresh),
    uuidv7(),
    key.id,
    now,
    new Date(now.getTime() + REFRESH_IDLE_MS),
    new Date(now.getTime() + REFRESH_FAMILY_MS),
    null,
    null,
  ]);
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Pragma', 'no-cache');
  send(response, 200, { access_token: sign(key.id), token_type: 'Bearer', expires_in: 900, refresh_token: refresh });
}

async function contact(request: IncomingMessage, response: ServerResponse, raw: Buffer | null): Promise<void> {
  const bearer = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
  const sub = bearer ? verify(bearer) : null;
  const key = sub ? await cachedKey('id', sub) : null;
  if (!key) {
    return fail(response, 401, 'Invalid or missing access token');
  }
  if (await limited(key, response)) {
    return fail(response, 429, 'Too many requests');
  }
  const body = bodyOf(request, response, raw);
  if (!body) {
    return;
  }
  const problem = validate(body);
  if (problem) {
    return fail(response, 400, problem);
  }
  const fields = body as Fields;
  const email = fields.email || null;
  const emailHash = email ? sha256Hex(matchedEmail(email)) : null;
  const reasons = key.spam_filter ? await spamReasons(key.id, fields, emailHash) : [];
  const id = uuidv7();
  const now = new Date();
  // No policy and no rule applies (see readIntakeRules): the service's in-memory lookups find none either.
  await insertSubmission([
    id,
    key.id,
    fields.name,
    email,
    emailHash,
    fields.phone || null,
    fields.business || null,
    fields.message || null,
    null,
    request.socket.remoteAddress ?? '',
    request.headers['user-agent']?.slice(0, 512) ?? null,
    null,
    'received',
    0,
    null,
    now,
    now,
    null,
    reasons.length > 0 ? 'spam' : 'new',
    null,
    1,
    null,
    null,
    reasons.length > 0 ? reasons.join(',') : null,
    'normal',
    ...NEW_ROW_TAIL,
  ]);
  send(response, 200, { status: 'success', message: 'Submission received', id });
  enqueue(id).catch(() => undefined);
  if (reasons.length === 0) {
    // The live console hears of a clean submission (one PUBLISH, not waited for), as the service's.
    redis.publish(`${prefix}:live`, JSON.stringify({ type: 'submission.created', id })).catch(() => undefined);
  }
}

const server = createServer((request, response) => {
  void (async () => {
    const raw = await readBody(request);
    try {
      if (request.method !== 'POST') {
        return fail(response, 405, 'Method not allowed');
      }
      if (request.url === '/auth.php') {
        return await auth(request, response);
      }
      if (request.url === '/contact_api.php') {
        return await contact(request, response, raw);
      }
      return fail(response, 404, 'Not found');
    } catch {
      return fail(response, 500, 'Internal server error');
    }
  })();
});
server.keepAliveTimeout = 72_000;
// Listening only once Redis is connected: without an offline queue, a first request would find it not yet writable.
redis.once('ready', () => void readIntakeRules().then(() => server.listen(port, '127.0.0.1')));
process.once('SIGTERM', () => {
  server.close();
  process.stderr.write(`baseline: ${liveEventsHeard} live events heard\n`);
  void Promise.allSettled([pool.end(), queue.close(), redis.quit(), liveSubscriber.quit()]).then(() => process.exit(0));
});
