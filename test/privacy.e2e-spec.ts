import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SYSTEM_ACTOR } from '../src/audit/actor';
import { loadConfig } from '../src/config/app-config';
import { RetentionWorkerModule } from '../src/privacy/privacy.module';
import { RetentionService } from '../src/privacy/retention.service';
import { FactHandlersModule } from '../src/fact-handlers.module';
import { MAINTENANCE_QUEUE, SUBMISSIONS_QUEUE } from '../src/queue/queue.constants';
import { ownDatabase } from './support/own-database';
import { createRoomContext } from './support/room-context';
import { newStaffAccount, staffCookie, signedInStaff } from './support/staff';
import { createTestApp, issueTokens, TestApp, uniquePrefix } from './support/test-app';
import { waitUntil } from './support/wait';
import { runCli, spawnCli } from './support/processes';

const DAY_MS = 86_400_000;

async function submitter(t: TestApp, name: string) {
  const { id, key } = await t.createKey({ name, rateLimit: 10_000 });
  const { access_token } = await issueTokens(t, key);
  return {
    id,
    key,
    submit: async (body: object) =>
      (await t.http().post('/contact_api.php').set('Authorization', `Bearer ${access_token}`).send(body).expect(200))
        .body.id as string,
  };
}

describe('personal data', () => {
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  const cli = (args: string[], input = '') =>
    runCli(args, {
      env: { DATABASE_URL: database.url, REDIS_PREFIX: t.config.redis.prefix, RETENTION_DAYS: '30' },
      input,
    });

  beforeAll(async () => {
    // A database of its own: retention deletes across every key.
    database = await ownDatabase();
    t = await createTestApp({ DATABASE_URL: database.url, RETENTION_DAYS: '30' });
    db = t.app.get(DataSource);
    const account = await newStaffAccount(t, 'Privacy Admin', 'admin');
    admin = await staffCookie(t, account.email);
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  describe('retention', () => {
    it('deletes old closed and spam submissions per key (default, own days, off) and nothing else, once across two runs', async () => {
      const [a, b, c] = [await submitter(t, 'Default'), await submitter(t, 'Long'), await submitter(t, 'Forever')];
      await t
        .http()
        .patch(`/staff/api/keys/${b.id}`)
        .set('Cookie', admin)
        .send({ retention_days: 365 })
        .expect(200)
        .expect((response) => expect(response.body.retention_days).toBe(365));
      expect((await cli(['keys', 'set-retention', c.id, 'off'])).stdout).toContain('kept forever');

      const rows: { id: string; key: string; status: string; ageDays: number; expired: boolean }[] = [];
      const add = async (client: typeof a, key: string, status: string, ageDays: number, expired: boolean) => {
        const id = await client.submit({ name: `${key} ${status} ${ageDays}`, email: 'old@example.com' });
        await db.query('UPDATE submissions SET status = ?, created_at = ? WHERE id = ?', [
          status,
          new Date(Date.now() - ageDays * DAY_MS),
          id,
        ]);
        rows.push({ id, key, status, ageDays, expired });
        return id;
      };
      const noted = await add(a, 'A', 'closed', 40, true);
      await add(a, 'A', 'spam', 40, true);
      await add(a, 'A', 'closed', 400, true);
      await add(a, 'A', 'closed', 10, false);
      await add(a, 'A', 'new', 400, false);
      await add(a, 'A', 'open', 400, false);
      await add(a, 'A', 'pending', 400, false);
      await add(b, 'B', 'closed', 400, true);
      await add(b, 'B', 'spam', 40, false);
      await add(c, 'C', 'closed', 4000, false);
      await t
        .http()
        .post(`/staff/api/submissions/${noted}/notes`)
        .set('Cookie', admin)
        .send({ body: 'Called back.' })
        .expect(201);

      const { refresh_token: live } = await issueTokens(t, a.key);
      const { refresh_token: ended } = await issueTokens(t, a.key);
      await db.query(
        'UPDATE refresh_tokens SET family_expires_at = ? WHERE created_at = (SELECT MAX(created_at) FROM (SELECT created_at FROM refresh_tokens) AS latest)',
        [new Date(Date.now() - DAY_MS)],
      );
      expect(live).not.toBe(ended);
      const tokensBefore = Number((await db.query('SELECT COUNT(*) AS n FROM refresh_tokens'))[0].n);

      // Two processes at once, as two workers would be: each row is deleted (and counted) by one of them.
      const [here, there] = await Promise.all([
        t.app.get(RetentionService).run(SYSTEM_ACTOR),
        cli(['privacy', 'purge']).then(({ stdout }) => {
          const [, submissions, tokens] = /Deleted (\d+) submission\(s\) and (\d+) ended/.exec(stdout)!;
          return { submissions: Number(submissions), refresh_tokens: Number(tokens) };
        }),
      ]);
      expect(here.submissions + there.submissions).toBe(rows.filter((row) => row.expired).length);
      expect(here.refresh_tokens + there.refresh_tokens).toBe(1);

      const left = new Set(
        (
          await db.query<{ id: string }[]>('SELECT id FROM submissions WHERE id IN (?)', [rows.map((row) => row.id)])
        ).map((row) => row.id),
      );
      for (const row of rows) {
        expect({ ...row, kept: left.has(row.id) }).toEqual({ ...row, kept: !row.expired });
      }
      expect(await db.query('SELECT id FROM submission_notes WHERE submission_id = ?', [noted])).toEqual([]);
      expect(Number((await db.query('SELECT COUNT(*) AS n FROM refresh_tokens'))[0].n)).toBe(tokensBefore - 1);
      const events = await db.query<{ actor_type: string; after: string }[]>(
        "SELECT actor_type, `after` FROM audit_events WHERE action = 'retention.ran' ORDER BY id",
      );
      expect(events).toHaveLength(2);
      expect(events.map((event) => event.actor_type).sort()).toEqual(['cli', 'system']);
      expect(JSON.stringify(events)).not.toContain('example.com');

      // `privacy purge` runs the same now: nothing is left to delete.
      expect((await cli(['privacy', 'purge'])).stdout).toContain('Deleted 0 submission(s)');
    });

    it('is scheduled once as a daily job however many workers start (and the hourly deletion of unused uploads)', async () => {
      const prefix = uniquePrefix();
      // The retention room as each worker builds it (its processor declares the schedules at start),
      // twice on one Redis prefix: no HTTP app is needed to see what they declared.
      const worker = () =>
        createRoomContext([RetentionWorkerModule, FactHandlersModule], {
          DATABASE_URL: database.url,
          ROLE: 'worker',
          REDIS_PREFIX: prefix,
          STAFF_CHANNELS: 'none',
        });
      const workers = [await worker(), await worker()];
      try {
        const queue = workers[0].app.get<Queue>(getQueueToken(MAINTENANCE_QUEUE));
        const schedulers = await queue.getJobSchedulers();
        // One of each kind however many workers declared them: retention daily, unused uploads hourly.
        expect(
          schedulers.map(({ name, every }) => ({ name, every })).sort((a, b) => a.name.localeCompare(b.name)),
        ).toEqual([
          { name: 'forget-uploads', every: DAY_MS / 24 },
          { name: 'retention', every: DAY_MS },
        ]);
      } finally {
        for (const worker of workers) {
          await worker.close();
        }
      }
    });

    it('refuses a malformed RETENTION_DAYS and per-key days', async () => {
      // loadConfig is the first step of every start (createTestApp's too): the refusal comes before a boot.
      expect(() => loadConfig({ RETENTION_DAYS: 'a month' })).toThrow('RETENTION_DAYS');
      const { id } = await t.createKey();
      const refused = await t
        .http()
        .patch(`/staff/api/keys/${id}`)
        .set('Cookie', admin)
        .send({ retention_days: -1 })
        .expect(400);
      expect(refused.body).toEqual({ status: 'error', message: 'Invalid field: retention_days' });
      await expect(cli(['keys', 'set-retention', id, 'soon'])).rejects.toMatchObject({ code: 1 });
    });
  });

  describe('export and erasure by e-mail address', () => {
    it('exports everything for an address in any letter case, and nothing of others', async () => {
      const client = await submitter(t, 'Exported');
      const first = await client.submit({ name: 'Ada Lovelace', email: 'Ada@Example.com', message: 'First' });
      const second = await client.submit({ name: 'Ada L.', email: 'ada@example.com', message: 'Second' });
      const stranger = await client.submit({ name: 'Charles', email: 'charles@example.com', message: 'Not hers' });
      await t
        .http()
        .post(`/staff/api/submissions/${first}/notes`)
        .set('Cookie', admin)
        .send({ body: 'Asked about engines.' })
        .expect(201);

      const exported = (
        await t
          .http()
          .post('/staff/api/privacy/export')
          .set('Cookie', admin)
          .send({ email: '  ADA@example.COM ' })
          .expect(200)
      ).body;
      expect(exported.email).toBe('ADA@example.COM');
      expect(exported.submissions.map((row: { id: string }) => row.id)).toEqual([first, second]);
      expect(exported.submissions[0]).toMatchObject({
        id: first,
        name: 'Ada Lovelace',
        email: 'Ada@Example.com',
        message: 'First',
        status: 'new',
        notes: [expect.objectContaining({ body: 'Asked about engines.' })],
        deliveries: expect.any(Array),
        webhooks: expect.any(Array),
      });
      expect(JSON.stringify(exported)).not.toContain(stranger);

      const file = join(tmpdir(), `export-${Date.now()}.json`);
      await cli(['privacy', 'export', '--email', 'ada@EXAMPLE.com', '--out', file]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8')).submissions).toHaveLength(2);

      const { cookie: agentCookie } = await signedInStaff(t, 'Curious Agent');
      await t
        .http()
        .post('/staff/api/privacy/export')
        .set('Cookie', agentCookie)
        .send({ email: 'ada@example.com' })
        .expect(403);
      expect(
        (await t.http().post('/staff/api/privacy/export').set('Cookie', admin).send({ email: 'nobody' }).expect(400))
          .body,
      ).toEqual({ status: 'error', message: 'Invalid field: email' });
      await t.http().post('/staff/api/privacy/export').set('Cookie', admin).send({}).expect(400);
    });

    it('erases rows and queued jobs, asks first at the command line, and records only a hash of the address', async () => {
      const client = await submitter(t, 'Erased');
      const ids = [
        await client.submit({ name: 'Grace', email: 'grace@example.org', message: 'Please forget me' }),
        await client.submit({ name: 'Grace H.', email: 'GRACE@example.org', message: 'Again' }),
      ];
      const kept = await client.submit({ name: 'Alan', email: 'alan@example.org', message: 'Keep me' });
      const queue = t.app.get<Queue>(getQueueToken(SUBMISSIONS_QUEUE));
      // This process has no worker: the jobs wait in the queue (added just after the answer).
      await waitUntil(
        async () => (await Promise.all([...ids, kept].map((id) => queue.getJob(id)))).every(Boolean),
        'the queued jobs',
      );

      const declined = spawnCli(['privacy', 'erase', '--email', 'grace@example.org'], {
        DATABASE_URL: database.url,
        REDIS_PREFIX: t.config.redis.prefix,
      });
      let output = '';
      declined.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('[y/N]')) {
          declined.stdin.end('n\n');
        }
      });
      expect(await new Promise((resolve) => declined.once('exit', resolve))).toBe(0);
      expect(output).toContain('Erase 2 submission(s) with this address? [y/N]');
      expect(output).toContain('Nothing erased.');
      expect(Number((await db.query('SELECT COUNT(*) AS n FROM submissions WHERE id IN (?)', [ids]))[0].n)).toBe(2);

      const erased = await cli(['privacy', 'erase', '--email', 'Grace@Example.org', '--yes']);
      expect(erased.stdout).toContain('Erased 2 submission(s).');
      expect(Number((await db.query('SELECT COUNT(*) AS n FROM submissions WHERE id IN (?)', [ids]))[0].n)).toBe(0);
      for (const id of ids) {
        expect(await queue.getJob(id)).toBeUndefined();
      }
      expect(await queue.getJob(kept)).toBeDefined();
      const again = (
        await t
          .http()
          .post('/staff/api/privacy/export')
          .set('Cookie', admin)
          .send({ email: 'grace@example.org' })
          .expect(200)
      ).body;
      expect(again.submissions).toEqual([]);

      const events = await db.query<{ action: string; after: string }[]>(
        "SELECT action, `after` FROM audit_events WHERE action IN ('privacy.erased', 'privacy.exported') ORDER BY id",
      );
      const erasures = events
        .filter((event) => event.action === 'privacy.erased')
        .map((event) => JSON.parse(event.after));
      expect(erasures).toEqual([{ email_hash: expect.stringMatching(/^[0-9a-f]{64}$/), submissions: 2 }]);
      expect(JSON.stringify(events).toLowerCase()).not.toContain('example.org');
      expect(JSON.stringify(events).toLowerCase()).not.toContain('example.com');
      // The same address in any case gives the same hash: requests about one person can be told apart.
      const exportedHash = events
        .filter((event) => event.action === 'privacy.exported')
        .map((event) => JSON.parse(event.after).email_hash);
      expect(exportedHash).toContain(erasures[0].email_hash);

      const viaApi = await t
        .http()
        .post('/staff/api/privacy/erase')
        .set('Cookie', admin)
        .send({ email: 'alan@example.org' })
        .expect(200);
      expect(viaApi.body).toEqual({ erased: 1 });
      expect(await queue.getJob(kept)).toBeUndefined();
    });

    it('matches an address in NFC and ASCII letter case only: the Kelvin sign is not a k, even in old hashes', async () => {
      const client = await submitter(t, 'Kelvin');
      const kelvinSign = '\u212Aelvin@example.com';
      const ascii = await client.submit({ name: 'Ascii Kelvin', email: 'kelvin@example.com' });
      const sign = await client.submit({ name: 'Sign Kelvin', email: kelvinSign });
      const decomposed = await client.submit({ name: 'Jose', email: 'Jose\u0301@example.com' });
      const exportOf = async (email: string) =>
        (
          await t.http().post('/staff/api/privacy/export').set('Cookie', admin).send({ email }).expect(200)
        ).body.submissions.map((row: { id: string }) => row.id) as string[];

      expect(await exportOf('KELVIN@example.com')).toEqual([ascii]);
      expect(await exportOf(kelvinSign)).toEqual([sign]);
      // NFC: the composed form finds the decomposed one; ASCII letters in any case.
      expect(await exportOf('JOS\u00E9@example.com')).toEqual([decomposed]);
      // Unicode case is not folded: é and É are different addresses.
      expect(await exportOf('JOS\u00C9@example.com')).toEqual([]);

      // A row stored before this change carries the hash of its lower-cased address ("kelvin@...").
      await db.query('UPDATE submissions SET email_hash = SHA2(LOWER(TRIM(email)), 256) WHERE id = ?', [sign]);
      expect(await exportOf('kelvin@example.com')).toEqual([ascii]);
      expect(await exportOf(kelvinSign)).toEqual([sign]);

      expect(
        (
          await t
            .http()
            .post('/staff/api/privacy/erase')
            .set('Cookie', admin)
            .send({ email: 'kelvin@EXAMPLE.com' })
            .expect(200)
        ).body,
      ).toEqual({ erased: 1 });
      const left = await db.query<{ id: string }[]>('SELECT id FROM submissions WHERE id IN (?) ORDER BY id', [
        [ascii, sign],
      ]);
      expect(left).toEqual([{ id: sign }]);
    });
  });
});
