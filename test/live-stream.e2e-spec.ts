import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CLI_ACTOR } from '../src/audit/actor';
import { LiveStream, TOO_MANY_STREAMS } from '../src/live/live-stream.service';
import { StaffTokensService } from '../src/staff-accounts/staff-tokens.service';
import { refOf } from '../src/submissions/lifecycle/submission-ref';
import { EventStream, openEventStream } from './support/event-stream';
import { ownDatabase } from './support/own-database';
import { freePort, startService, StartedProcess } from './support/processes';
import { customerAnswers, submitTo } from './support/service-calls';
import { newStaffAccount, staffCookie, signedInStaff } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { waitUntil } from './support/wait';

const INBOUND_TOKEN = 'live-inbound-token-0123456789';

/**
 * GET /staff/api/stream over real HTTP (fetch reading the body, as any client would), with the run's
 * MariaDB and Redis: what arrives, changes and is answered is pushed as ids, through Redis pub/sub, so
 * a second API process's changes reach the first one's streams.
 */
describe('the live event stream (GET /staff/api/stream)', () => {
  let t: TestApp;
  let database: { url: string; drop: () => Promise<void> };
  let base: string;
  let access: string;
  let cookie: string;
  let other: string;
  let accounts: { ada: string; grace: string };
  /** An account with STAFF_MAX_STREAMS (20) tabs open from the test of the cap on (its session cookie). */
  let manyTabs: string;
  const manyStreams: EventStream[] = [];
  const streams: EventStream[] = [];

  const stream = async (headers: Record<string, string>) => {
    const opened = await openEventStream(`${base}/staff/api/stream`, headers);
    streams.push(opened);
    return opened;
  };
  const submit = (body: Record<string, unknown>, api = base) => submitTo(api, access, body);
  const staffCall = (method: string, path: string, who: string, body?: unknown, extra: Record<string, string> = {}) =>
    fetch(`${base}/staff/api/${path}`, {
      method,
      headers: { Cookie: who, 'Content-Type': 'application/json', ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    database = await ownDatabase();
    t = await createTestApp({
      DATABASE_URL: database.url,
      LIVE_HEARTBEAT_INTERVAL: '1',
      INBOUND_TOKEN,
      STAFF_CHANNELS: 'webhooks',
    });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const { key } = await t.createKey({ rateLimit: 10_000 });
    access = (await issueTokens(t, key)).access_token;
    const ada = await newStaffAccount(t, 'Ada Live');
    const grace = await newStaffAccount(t, 'Grace Live');
    accounts = { ada: ada.id, grace: grace.id };
    cookie = await staffCookie(t, ada.email);
    other = await staffCookie(t, grace.email);
  });
  afterAll(async () => {
    streams.forEach((opened) => opened.close());
    // Every stream ends on the service's side (its LiveStream forgets it) ...
    await waitUntil(() => t.app.get(LiveStream).size === 0, 'every stream ended');
    // ... but with the cap test's twenty at once, this process's fetch client leaves the server side of
    // aborted streams open (it does so with or without the cap: a client's doing, not the service's),
    // and the server's close would wait for them.
    t.app.getHttpServer().closeAllConnections();
    await t.close();
    await database.drop();
  });

  it('refuses a caller who is not signed in (401, the error envelope)', async () => {
    const refused = await stream({});
    expect(refused.status).toBe(401);
    await refused.ended;
    expect(JSON.parse(refused.text())).toEqual({ status: 'error', message: 'Authentication required' });
    expect((await stream({ Authorization: 'Bearer st_nothing' })).status).toBe(401);
  });

  it('pushes a new submission, a staff change, a note and a customer message as ids, never personal data', async () => {
    const live = await stream({ Cookie: cookie });
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(live.headers.get('cache-control')).toBe('no-cache, no-store');

    const secret = randomBytes(4).toString('hex');
    const id = await submit({
      name: `Secret Sender ${secret}`,
      email: `sender.${secret}@example.com`,
      phone: '+44 20 7946 0000',
      message: `confidential ${secret}`,
    });
    expect(await live.next((event) => event.type === 'submission.created' && event.id === id)).toEqual({
      type: 'submission.created',
      id,
    });

    const detail = await staffCall('GET', `submissions/${id}`, cookie);
    const changed = await staffCall(
      'PATCH',
      `submissions/${id}`,
      cookie,
      { status: 'open' },
      {
        'If-Match': detail.headers.get('etag')!,
      },
    );
    expect(changed.status).toBe(200);
    expect(await live.next((event) => event.type === 'submission.changed' && event.id === id)).toEqual({
      type: 'submission.changed',
      id,
      version: 2,
    });

    expect((await staffCall('POST', `submissions/${id}/notes`, cookie, { body: `note ${secret}` })).status).toBe(201);
    await live.next((event) => event.type === 'submission.changed' && event.id === id && event.version === undefined);

    const inbound = await customerAnswers(base, INBOUND_TOKEN, {
      from: `sender.${secret}@example.com`,
      ref: refOf(id),
      messageId: `live-${secret}@example.com`,
      text: `customer words ${secret}`,
    });
    expect(inbound).toBe(202);
    expect(await live.next((event) => event.type === 'submission.message_received')).toEqual({
      type: 'submission.message_received',
      id,
    });

    // Each event is `{type, id, version?}`: nothing a person wrote or is called travels on the stream.
    for (const event of live.events) {
      expect(Object.keys(event).every((key) => ['type', 'id', 'version'].includes(key))).toBe(true);
    }
    expect(live.text()).toMatch(/^retry: \d+\n/);
    expect(live.text()).not.toContain(secret);
    expect(live.text()).not.toContain('@');
  });

  it('answers every count while events keep forgetting the cached counts', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const counts = Array.from({ length: 5 }, () => staffCall('GET', 'submissions/counts', cookie));
      await submit({ name: `Counted ${round}` });
      statuses.push(...(await Promise.all(counts)).map((response) => response.status));
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('says nothing of a submission flagged as spam', async () => {
    const live = await stream({ Cookie: cookie });
    const words = `the same words ${randomBytes(4).toString('hex')}`;
    const first = await submit({ name: 'Twice', message: words });
    const second = await submit({ name: 'Twice', message: words });
    await live.next((event) => event.id === first);
    const marker = await submit({ name: 'After the spam', message: randomBytes(8).toString('hex') });
    await live.next((event) => event.id === marker);
    expect(live.events.filter((event) => event.id === second)).toEqual([]);
  });

  it('works with a staff API token, and sends heartbeats', async () => {
    const { token } = await t.app.get(StaffTokensService).create(accounts.ada, 'live', CLI_ACTOR);
    const live = await stream({ Authorization: `Bearer ${token}` });
    expect(live.status).toBe(200);
    await waitUntil(() => live.text().includes(': heartbeat\n\n'), 'a heartbeat');
  });

  it('forgets a stream whose client went away', async () => {
    const before = t.app.get(LiveStream).size;
    const live = await stream({ Cookie: cookie });
    await waitUntil(() => t.app.get(LiveStream).size === before + 1, 'the stream counted');
    live.close();
    await waitUntil(() => t.app.get(LiveStream).size === before, 'the stream forgotten', 5000);
  });

  it('closes the stream once its session ends (sign-out)', async () => {
    const { cookie: session } = await signedInStaff(t, 'Leaving Soon');
    const live = await stream({ Cookie: session });
    expect(live.status).toBe(200);
    expect((await staffCall('POST', 'logout', session)).status).toBe(204);
    await waitUntil(live.hasEnded, 'the end of the stream', 5000);
  });

  it('tells who else has a submission open, and publishes arrivals and departures', async () => {
    const id = await submit({ name: 'Watched' });
    const live = await stream({ Cookie: other });
    const viewing = async (who: string, on: boolean) => {
      const response = await staffCall('POST', `submissions/${id}/viewing`, who, { viewing: on });
      expect(response.status).toBe(200);
      return ((await response.json()) as { viewers: { id: string; name: string }[] }).viewers;
    };
    expect(await viewing(cookie, true)).toEqual([]);
    await live.next((event) => event.type === 'presence' && event.id === id);
    expect(await viewing(other, true)).toEqual([{ id: accounts.ada, name: 'Ada Live' }]);
    const seen = await staffCall('GET', `submissions/${id}/viewing`, cookie);
    expect(await seen.json()).toEqual({ viewers: [{ id: accounts.grace, name: 'Grace Live' }] });
    // A renewal is no news: one presence event per arrival.
    await viewing(cookie, true);
    expect(await viewing(cookie, false)).toEqual([{ id: accounts.grace, name: 'Grace Live' }]);
    const presence = () => live.events.filter((event) => event.type === 'presence' && event.id === id);
    // Ada arrived, Grace arrived, Ada left.
    await waitUntil(() => presence().length === 3, 'the departure event');
    // A later event on the same channel: once it is here, any published before it is here too.
    const marker = await submit({ name: 'After the departure' });
    await live.next((event) => event.id === marker);
    expect(presence()).toHaveLength(3);
    const after = await staffCall('GET', `submissions/${id}/viewing`, other);
    expect(await after.json()).toEqual({ viewers: [] });

    const missing = await staffCall('POST', 'submissions/0190aaaa-0000-7000-8000-000000000000/viewing', cookie, {
      viewing: true,
    });
    expect(missing.status).toBe(404);
    const invalid = await staffCall('POST', `submissions/${id}/viewing`, cookie, { viewing: 'yes' });
    expect(await invalid.json()).toEqual({ status: 'error', message: 'Invalid field: viewing' });
    const empty = await staffCall('POST', `submissions/${id}/viewing`, cookie, {});
    expect(await empty.json()).toEqual({ status: 'error', message: 'Missing field: viewing' });
  });

  it('holds at most STAFF_MAX_STREAMS (20) open streams per account: one more is 429 (the console polls), a closed one frees its place', async () => {
    expect(t.config.live.maxStreamsPerAccount).toBe(20);
    manyTabs = await staffCookie(t, (await newStaffAccount(t, 'Many Tabs')).email);
    for (let i = 0; i < 20; i++) {
      const opened = await stream({ Cookie: manyTabs });
      expect(opened.status).toBe(200);
      manyStreams.push(opened);
    }
    const refused = await stream({ Cookie: manyTabs });
    expect(refused.status).toBe(429);
    await refused.ended;
    expect(JSON.parse(refused.text())).toEqual({ status: 'error', message: TOO_MANY_STREAMS });
    expect(refused.headers.get('retry-after')).toBe('3');
    // Another account is not affected.
    expect((await stream({ Cookie: other })).status).toBe(200);

    manyStreams.shift()!.close();
    let reopened: EventStream | undefined;
    await waitUntil(async () => {
      reopened = await stream({ Cookie: manyTabs });
      return reopened.status === 200;
    }, 'a place freed by the closed stream');
    manyStreams.push(reopened!);
    expect((await stream({ Cookie: manyTabs })).status).toBe(429);
  });

  describe('with a second API process on the same database and Redis prefix', () => {
    let second: StartedProcess;
    let secondBase: string;

    beforeAll(async () => {
      const port = await freePort();
      second = await startService({
        DATABASE_URL: database.url,
        REDIS_PREFIX: t.config.redis.prefix,
        ROLE: 'api',
        PORT: String(port),
        HOST: '127.0.0.1',
        STAFF_CHANNELS: 'webhooks',
      });
      secondBase = `http://127.0.0.1:${port}`;
    });
    afterAll(() => second.stop());

    it("delivers what the other process published to this process's streams, both ways", async () => {
      const here = await stream({ Cookie: cookie });
      const there = await openEventStream(`${secondBase}/staff/api/stream`, { Cookie: other });
      streams.push(there);
      expect(there.status).toBe(200);
      const fromThere = await submit({ name: 'Via the second process' }, secondBase);
      await here.next((event) => event.type === 'submission.created' && event.id === fromThere);
      const fromHere = await submit({ name: 'Via the first process' });
      await there.next((event) => event.type === 'submission.created' && event.id === fromHere);
    });

    it('counts the streams of every API process against the same cap', async () => {
      const there = await openEventStream(`${secondBase}/staff/api/stream`, { Cookie: manyTabs });
      streams.push(there);
      expect(there.status).toBe(429);
      manyStreams.shift()!.close();
      await waitUntil(async () => {
        const retried = await openEventStream(`${secondBase}/staff/api/stream`, { Cookie: manyTabs });
        streams.push(retried);
        return retried.status === 200;
      }, 'a place freed on the first process, taken on the second');
    });

    it('stops gracefully (exit 0) with a stream open, ending the stream', async () => {
      const there = await openEventStream(`${secondBase}/staff/api/stream`, { Cookie: other });
      streams.push(there);
      expect(there.status).toBe(200);
      const started = Date.now();
      expect(await second.stop()).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      await waitUntil(there.hasEnded, 'the end of the stream', 2000);
    });
  });
});
