/**
 * The comparison point for `npm run bench -- --compare`: the same work per request as the service,
 * hand-written on node:http with mysql2, ioredis, bullmq and crypto, no framework. Same durability
 * (the 200 after the INSERT commits), same key-active cache, the same rate-limit script (one Redis
 * round trip), the same queue add after commit. Only what a framework adds is missing.
 *
 * BASELINE_GROUPED=true makes it batch as well as the service does: the INSERTs of requests that
 * arrive in the same event-loop turn go out as one multi-row statement (each request still answers
 * only after that commit), and queue adds and `queued` updates go out in batches (one addBulk, one
 * UPDATE). The bench compares the service with both: the naive server and the one that batches.
 */
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { createPool, RowDataPacket } from 'mysql2/promise';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { v7 as uuidv7 } from 'uuid';
import { isWellFormedApiKey } from '../../src/api-keys/api-key-format';
import { sha256Hex } from '../../src/database/sha256';

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

const pool = createPool({ uri: env.DATABASE_URL, connectionLimit: 10, charset: 'utf8mb4_unicode_ci', timezone: 'Z' });
const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { enableOfflineQueue: false });
const queue = new Queue('submissions', {
  connection: new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null }),
  prefix: `${prefix}:bull`,
});

const INCREMENT = `
local blockLeft = redis.call('PTTL', KEYS[2])
if blockLeft > 0 then return {tonumber(ARGV[2]) + 1, blockLeft, 1, blockLeft} end
local hits = redis.call('INCR', KEYS[1])
local windowLeft = redis.call('PTTL', KEYS[1])
if windowLeft < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) windowLeft = tonumber(ARGV[1]) end
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]) redis.call('DEL', KEYS[1])
  return {hits, tonumber(ARGV[3]), 1, tonumber(ARGV[3])}
end
return {hits, windowLeft, 0, 0}`;
redis.defineCommand('throttle', { numberOfKeys: 2, lua: INCREMENT });

/**
 * Gathers what calls bring in one event-loop turn and hands it to `flush` at once; each call settles
 * when its batch does.
 */
function batcher<T>(flush: (items: T[]) => Promise<unknown>): (item: T) => Promise<void> {
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
        setImmediate(run);
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
]);
const SUBMISSION_COLUMNS = [
  'id',
  'api_key_id',
  'name',
  'email',
  'email_hash',
  'phone',
  'business',
  'message',
  'client_ip',
  'user_agent',
  'idempotency_key',
  'state',
  'attempts',
  'created_at',
  'updated_at',
];
const insertSubmission = inserter('submissions', SUBMISSION_COLUMNS);

const JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 3600, count: 10000 },
};
const markQueued = (ids: string[]) =>
  pool.query("UPDATE submissions SET state = 'queued', updated_at = ? WHERE id IN (?) AND state = 'received'", [
    new Date(),
    ids,
  ]);
/** After commit: the job, then the `queued` mark; one per submission, or one addBulk + UPDATE a batch. */
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
    })
  : async (id) => {
      await queue.add('deliver-submission', { submissionId: id }, { jobId: id, ...JOB_OPTIONS });
      await markQueued([id]);
    };

interface Key {
  id: string;
  rate_limit: number;
  rate_window: number;
  rate_block: number | null;
  revoked_at: Date | null;
}
const cache = new Map<string, { key: Key | null; until: number }>();
async function cachedKey(column: 'key_hash' | 'id', value: string): Promise<Key | null> {
  const hit = cache.get(value);
  if (hit && hit.until > Date.now()) {
    return hit.key;
  }
  const [rows] = await pool.query<(Key & RowDataPacket)[]>(
    `SELECT id, rate_limit, rate_window, rate_block, revoked_at FROM api_keys WHERE ${column} = ?`,
    [value],
  );
  const key = rows[0] && !rows[0].revoked_at ? rows[0] : null;
  cache.set(value, { key, until: Date.now() + 2000 });
  return key;
}

async function limited(key: Key, response: ServerResponse): Promise<boolean> {
  const window = key.rate_window * 1000;
  const [hits, left, blocked] = await (
    redis as unknown as { throttle: (...a: unknown[]) => Promise<number[]> }
  ).throttle(
    `${prefix}:rate:key:${key.id}:hits`,
    `${prefix}:rate:key:${key.id}:block`,
    window,
    key.rate_limit,
    (key.rate_block ?? key.rate_window) * 1000,
  );
  response.setHeader('X-RateLimit-Limit', key.rate_limit);
  response.setHeader('X-RateLimit-Remaining', Math.max(0, key.rate_limit - hits));
  response.setHeader('X-RateLimit-Reset', Math.ceil(left / 1000));
  return blocked === 1;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function sign(sub: string): string {
  const iat = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'at+jwt', kid })}.${b64({ jti: randomUUID(), iat, exp: iat + 900, aud: audience, iss: issuer, sub })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
function verify(token: string): string | null {
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
      claims.exp > now &&
      claims.exp - claims.iat === 900;
    return ok ? claims.sub : null;
  } catch {
    return null;
  }
}

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELDS = ['name', 'email', 'phone', 'business', 'message'];
const LIMITS: Record<string, number> = { name: 200, email: 254, phone: 32, business: 200, message: 10000 };
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
    if ([...trimmed].length > LIMITS[field] || CONTROL.test(trimmed)) {
      return `Invalid field: ${field}`;
    }
    if (field === 'email' && trimmed !== '' && !EMAIL.test(trimmed)) {
      return `Invalid field: ${field}`;
    }
    if (field === 'phone' && !/^[0-9 +\-()./x]*$/.test(trimmed)) {
      return `Invalid field: ${field}`;
    }
  }
  return null;
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

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 65536) {
        chunks.push(chunk);
      }
    });
    request.on('end', () => resolve(size > 65536 ? null : Buffer.concat(chunks).toString('utf8')));
  });
}

async function auth(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const presented = request.headers['x-api-key'];
  if (typeof presented !== 'string' || presented === '') {
    return fail(response, 401, 'Missing API key');
  }
  const key = isWellFormedApiKey(presented) ? await cachedKey('key_hash', sha256Hex(presented)) : null;
  if (!key) {
    return fail(response, 401, 'Invalid API key');
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
    new Date(now.getTime() + 7 * 86400e3),
    new Date(now.getTime() + 30 * 86400e3),
  ]);
  response.setHeader('Cache-Control', 'no-store');
  send(response, 200, { access_token: sign(key.id), token_type: 'Bearer', expires_in: 900, refresh_token: refresh });
}

async function contact(request: IncomingMessage, response: ServerResponse, raw: string | null): Promise<void> {
  const bearer = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const sub = bearer ? verify(bearer) : null;
  const key = sub ? await cachedKey('id', sub) : null;
  if (!key) {
    return fail(response, 401, 'Invalid or missing access token');
  }
  if (await limited(key, response)) {
    return fail(response, 429, 'Too many requests');
  }
  if (raw === null) {
    return fail(response, 413, 'Request body too large');
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return fail(response, 400, 'Invalid JSON body');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return fail(response, 400, 'Invalid JSON body');
  }
  const fields = body as Record<string, string | null>;
  const problem = validate(fields);
  if (problem) {
    return fail(response, 400, problem);
  }
  const id = uuidv7();
  const now = new Date();
  await insertSubmission([
    id,
    key.id,
    fields.name,
    fields.email || null,
    fields.email ? sha256Hex(fields.email.toLowerCase()) : null,
    fields.phone || null,
    fields.business || null,
    fields.message || null,
    request.socket.remoteAddress ?? '',
    request.headers['user-agent'] ?? null,
    null,
    'received',
    0,
    now,
    now,
  ]);
  send(response, 200, { status: 'success', message: 'Submission received', id });
  enqueue(id).catch(() => undefined);
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
server.listen(port, '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  void Promise.allSettled([pool.end(), queue.close(), redis.quit()]).then(() => process.exit(0));
});
