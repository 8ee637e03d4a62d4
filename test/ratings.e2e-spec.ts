/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { Browser } from 'playwright-core';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { QueueReconciler } from '../src/delivery/queue-reconciler.service';
import { SatisfactionSurveysRepository } from '../src/ratings/satisfaction-surveys.repository';
import { launchChromium, seriousAxeViolations } from './support/browser';
import { ownDatabase } from './support/own-database';
import { freePort, runCli } from './support/processes';
import { queuesSettled } from './support/queues';
import { SmtpSink } from './support/smtp-sink';
import { changeSubmission, signedInStaff } from './support/staff';
import { createTestApp, issueTokens, TestApp } from './support/test-app';
import { waitUntil } from './support/wait';
import { WebhookReceiver } from './support/webhook-receiver';

/** `WRITE_SCREENSHOTS=1` refreshes the rating page's screenshot in docs/ (committed with the change). */
const WRITE_SCREENSHOTS = process.env.WRITE_SCREENSHOTS === '1';
const DOCS = join(__dirname, '..', 'docs');
const DAY = 86_400_000;

interface Detail {
  id: string;
  status: string;
  rating: { value: string; comment: string | null; rated_at: string } | null;
  events: { action: string; before: unknown; after: Record<string, unknown> | null }[];
}

/**
 * Satisfaction ratings (issue 41, point 6) through HTTP, against a real SMTP server and a webhook
 * receiver: a key with `csat` on surveys the requester once when a submission is closed; the mail's two
 * links open a plain page that records nothing until its form is sent; the answer is recorded once,
 * shown in the detail, sent as `submission.rated` and audited without the comment. And the page in
 * Chromium, with JavaScript off, at a phone's width.
 */
describe('satisfaction ratings', () => {
  const smtp = new SmtpSink();
  const receiver = new WebhookReceiver();
  let t: TestApp;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let base: string;
  let admin: string;
  let agent: string;
  let agentId: string;
  let keyId: string;
  let token: string;
  let sent = 0;

  beforeAll(async () => {
    await smtp.start();
    await receiver.start();
    const database = await ownDatabase();
    drop = database.drop;
    databaseUrl = database.url;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      DATABASE_URL: database.url,
      ROLE: 'all',
      STAFF_CHANNELS: 'webhooks',
      SMTP_URL: smtp.url,
      REPLY_FROM: 'help@intake.test',
      INBOUND_ADDRESS: 'support@intake.test',
      PUBLIC_URL: base,
      // The comment is the customer's words: sealed at rest like the rest of their data.
      DATA_ENCRYPTION_KEYS: `r1:${randomBytes(32).toString('base64')}`,
    });
    // The rating page is opened by a browser too: the app listens where PUBLIC_URL says.
    await t.app.listen(port, '127.0.0.1');
    admin = (await signedInStaff(t, 'Rating Admin', 'admin')).cookie;
    const staff = await signedInStaff(t, 'Rating Agent');
    agent = staff.cookie;
    agentId = staff.account.id;
    const key = await t.createKey({ rateLimit: 10_000, name: 'Rated website' });
    keyId = key.id;
    token = (await issueTokens(t, key.key)).access_token;
    await t
      .http()
      .post('/staff/api/webhooks')
      .set('Cookie', admin)
      .send({ url: receiver.url, api_key_id: keyId, events: ['submission.rated'] })
      .expect(201);
  });
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
    await smtp.stop();
    await drop?.();
  });

  const setCsat = async (on: boolean) =>
    (await t.http().patch(`/staff/api/keys/${keyId}`).set('Cookie', admin).send({ csat: on }).expect(200)).body as {
      csat: boolean;
    };
  const submit = async (fields: Record<string, string>): Promise<string> =>
    (
      await t
        .http()
        .post('/contact_api.php')
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Grace Hopper', message: `Request number ${(sent += 1)}`, ...fields })
        .expect(200)
    ).body.id as string;
  const detail = async (id: string) =>
    (await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', agent).expect(200)).body as Detail;
  const patch = (id: string, changes: object) => changeSubmission<Detail>(t, agent, id, changes);
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
  /** The one survey mail to `address`, parsed, with its two links as paths of this app. */
  const surveyOf = async (address: string) => {
    await waitUntil(() => mailsTo(address).length > 0, `the survey mail to ${address}`);
    const mail = await simpleParser(mailsTo(address)[0].raw);
    const text = mail.text ?? '';
    const link = (label: string) => new URL(new RegExp(`^${label}: (\\S+)$`, 'm').exec(text)![1]);
    const good = link('Good');
    const notGood = link('Not good');
    return { mail, good, notGood, token: good.searchParams.get('token')! };
  };
  const open = (url: URL | string) => t.http().get(typeof url === 'string' ? url : `${url.pathname}${url.search}`);
  const answer = (fields: Record<string, string>) => t.http().post('/rate').type('form').send(fields);
  const surveysOf = async (submissionId: string) =>
    (
      await t.app
        .get(DataSource)
        .query<{ n: string }[]>('SELECT COUNT(*) AS n FROM satisfaction_surveys WHERE submission_id = ?', [
          submissionId,
        ])
    )[0].n;

  it('keeps `csat` off by default; admins turn it on and off, and anything but a boolean is refused', async () => {
    const keys = (await t.http().get('/staff/api/keys').set('Cookie', admin).expect(200)).body as {
      id: string;
      csat: boolean;
    }[];
    expect(keys.find((key) => key.id === keyId)?.csat).toBe(false);
    expect((await setCsat(true)).csat).toBe(true);
    await t
      .http()
      .patch(`/staff/api/keys/${keyId}`)
      .set('Cookie', admin)
      .send({ csat: 'yes' })
      .expect(400, { status: 'error', message: 'Invalid field: csat' });
    const audit = await t
      .http()
      .get('/staff/api/audit')
      .set('Cookie', admin)
      .query({ action: 'api_key.updated', target: keyId })
      .expect(200);
    expect(audit.body.items[0]).toMatchObject({ before: { csat: false }, after: { csat: true } });
    // The operator's command line sets it too.
    const { stdout } = await runCli(['keys', 'set-csat', keyId, 'off'], {
      env: { DATABASE_URL: databaseUrl, REDIS_PREFIX: t.config.redis.prefix, LOG_LEVEL: 'error' },
    });
    expect(stdout.trim()).toBe(`API key ${keyId}: satisfaction survey off`);
    const listed = (await t.http().get('/staff/api/keys').set('Cookie', admin).expect(200)).body as typeof keys;
    expect(listed.find((key) => key.id === keyId)?.csat).toBe(false);
  });

  it('mails one survey on closing; its links open a form that records nothing, the form records once', async () => {
    await setCsat(true);
    const id = await submit({ email: 'grace@example.com' });
    await patch(id, { assignee_id: agentId });
    await patch(id, { status: 'closed' });
    const { mail, good, notGood, token: linkToken } = await surveyOf('grace@example.com');
    expect(mail.subject).toMatch(/^How did we do\? \[#[0-9A-Z]{8}\]$/);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.from?.text).toBe('help@intake.test');
    expect(mail.inReplyTo).toMatch(/^<submission\.[0-9a-z]{20}@intake\.test>$/);
    expect(mail.replyTo?.text).toMatch(/^support\+[0-9a-z]{20}@intake\.test$/);
    // Two links, the same signed token (no submission id in it), each preselecting its answer.
    expect(`${good.origin}${good.pathname}`).toBe(`${base}/rate`);
    expect(good.searchParams.get('rating')).toBe('good');
    expect(notGood.searchParams.get('rating')).toBe('not_good');
    expect(notGood.searchParams.get('token')).toBe(linkToken);
    expect(linkToken).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(Buffer.from(linkToken, 'base64url').toString('hex')).not.toContain(id.replace(/-/g, ''));

    // Opening a link (as a mail scanner does) shows the form with its choice, and records nothing.
    for (const link of [good, good, notGood]) {
      const page = await open(link).expect(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('<form method="post" action="rate">');
      expect(page.text).not.toContain('<script');
      const checked = /value="(\w+)"[^>]*checked/.exec(page.text)?.[1];
      expect(checked).toBe(link.searchParams.get('rating'));
    }
    expect((await detail(id)).rating).toBeNull();
    expect(receiver.received).toEqual([]);

    // The form: the first answer is recorded, with its comment; the detail shows it.
    const thanks = await answer({ token: linkToken, rating: 'not_good', comment: '  Slow at first.\r\nThen kind. ' });
    expect(thanks.status).toBe(200);
    expect(thanks.text).toContain('Thank you');
    expect(thanks.text).toContain('<strong>Not good</strong>');
    const rated = await detail(id);
    expect(rated.rating).toEqual({
      value: 'not_good',
      comment: 'Slow at first.\nThen kind.',
      rated_at: expect.any(String),
    });
    const [stored] = await t.app
      .get(DataSource)
      .query<{ comment: string; enc_key_id: string }[]>(
        'SELECT comment, enc_key_id FROM satisfaction_surveys WHERE submission_id = ?',
        [id],
      );
    expect(stored.enc_key_id).toBe('r1');
    expect(stored.comment).not.toContain('Slow');

    // A second answer, through either link, changes nothing.
    const again = await answer({ token: linkToken, rating: 'good', comment: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('Already rated');
    expect(again.text).toContain('<strong>Not good</strong>');
    const reopened = await open(good).expect(200);
    expect(reopened.text).toContain('Already rated');
    expect(reopened.text).not.toContain('<form');
    expect((await detail(id)).rating).toEqual(rated.rating);

    // The webhook: once, the value and whether there is a comment, never the comment itself.
    await waitUntil(() => receiver.received.length === 1, 'the submission.rated webhook');
    await queuesSettled(t);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].body).toMatchObject({
      type: 'submission.rated',
      data: { id, rating: 'not_good', has_comment: true },
    });
    expect(receiver.received[0].rawBody).not.toContain('Slow');

    // The audit: the value only.
    const events = rated.events.filter((event) => event.action === 'submission.rated');
    expect(events).toEqual([expect.objectContaining({ before: null, after: { rating: 'not_good' } })]);
    const audit = await t
      .http()
      .get('/staff/api/audit')
      .set('Cookie', admin)
      .query({ action: 'submission.rated' })
      .expect(200);
    expect(JSON.stringify(audit.body)).not.toContain('Slow');

    // Reopened and closed again: no second survey.
    await patch(id, { status: 'open' });
    await patch(id, { status: 'closed' });
    await queuesSettled(t);
    expect(mailsTo('grace@example.com')).toHaveLength(1);
    expect(await surveysOf(id)).toBe('1');
  });

  it('refuses tampered, cut and expired links (a page saying so), and records nothing from them', async () => {
    await setCsat(true);
    const id = await submit({ email: 'barbara@example.com' });
    await patch(id, { status: 'closed' });
    const { good, token: linkToken } = await surveyOf('barbara@example.com');
    const flipped = `${linkToken.slice(0, 10)}${linkToken[10] === 'A' ? 'B' : 'A'}${linkToken.slice(11)}`;
    for (const bad of [flipped, linkToken.slice(0, 40), `${linkToken}A`, 'not-a-token', '']) {
      const page = await open(`/rate?token=${encodeURIComponent(bad)}&rating=good`).expect(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.text).toContain('This link is not valid');
      const posted = await answer({ token: bad || 'x', rating: 'good' });
      expect(posted.status).toBe(404);
      expect(posted.text).toContain('Nothing was recorded');
    }
    await open('/rate').expect(404);
    expect((await detail(id)).rating).toBeNull();

    // Thirty days on, the link has expired: the page says so, and the form records nothing.
    t.clock.advance(30 * DAY + 1000);
    try {
      const expired = await open(good).expect(404);
      expect(expired.text).toContain('expired');
      expect((await answer({ token: linkToken, rating: 'good' })).status).toBe(404);
    } finally {
      t.clock.advance(-(30 * DAY + 1000));
    }
    expect((await detail(id)).rating).toBeNull();
    // Back within its time, the untouched link still works.
    expect((await answer({ token: linkToken, rating: 'good' })).status).toBe(200);
  });

  it("answers bad form input with the contract's error shape, and records nothing from it", async () => {
    await setCsat(true);
    const id = await submit({ email: 'mary@example.com' });
    await patch(id, { status: 'closed' });
    const { token: linkToken } = await surveyOf('mary@example.com');
    const refused = async (request: PromiseLike<{ status: number; body: unknown }>, status: number, message: string) =>
      expect(await request).toMatchObject({ status, body: { status: 'error', message } });
    await refused(answer({ token: linkToken }), 400, 'Missing field: rating');
    await refused(answer({ token: linkToken, rating: 'great' }), 400, 'Invalid field: rating');
    await refused(answer({ rating: 'good' }), 400, 'Missing field: token');
    await refused(
      answer({ token: linkToken, rating: 'good', comment: 'x'.repeat(2001) }),
      400,
      'Invalid field: comment',
    );
    await refused(answer({ token: linkToken, rating: 'good', comment: 'bell \u0007' }), 400, 'Invalid field: comment');
    await refused(answer({ token: linkToken, rating: 'good', stars: '5' }), 400, 'Unknown field: stars');
    await refused(
      t.http().post('/rate').type('form').send(`token=${linkToken}&rating=good&comment=%E0%A4%A`),
      400,
      'Invalid form body',
    );
    await refused(
      t.http().post('/rate').send({ token: linkToken, rating: 'good' }),
      415,
      'Unsupported Content-Type: expected application/x-www-form-urlencoded',
    );
    // A form anywhere else is refused as every non-JSON body is.
    await refused(
      t.http().post('/contact_api.php').set('Authorization', `Bearer ${token}`).type('form').send({ name: 'x' }),
      415,
      'Unsupported Content-Type: expected application/json',
    );
    expect((await detail(id)).rating).toBeNull();
    // 2000 characters (emoji count one each) are taken.
    const longest = '🙂'.repeat(2000);
    expect((await answer({ token: linkToken, rating: 'good', comment: longest })).status).toBe(200);
    expect((await detail(id)).rating?.comment).toBe(longest);
  });

  it('surveys nobody when the key has it off, without an address, or when spam is closed; two racing closings survey once', async () => {
    await setCsat(false);
    const off = await submit({ email: 'ada@example.com' });
    await patch(off, { status: 'closed' });
    await setCsat(true);
    const phoneOnly = await submit({ phone: '+44 20 7946 0000' });
    await patch(phoneOnly, { status: 'closed' });
    const spam = await submit({ email: 'spammer@example.com' });
    await patch(spam, { status: 'spam' });
    await patch(spam, { status: 'closed' });
    const raced = await submit({ email: 'katherine@example.com' });
    const answers = await Promise.all(
      [0, 1].map(() =>
        t
          .http()
          .patch(`/staff/api/submissions/${raced}`)
          .set('Cookie', agent)
          .set('If-Match', '*')
          .send({ status: 'closed' }),
      ),
    );
    expect(answers.map((response) => response.status)).toContain(200);
    await waitUntil(() => mailsTo('katherine@example.com').length > 0, 'the raced survey');
    await queuesSettled(t);
    expect(mailsTo('ada@example.com')).toEqual([]);
    expect(mailsTo('spammer@example.com')).toEqual([]);
    expect(mailsTo('katherine@example.com')).toHaveLength(1);
    expect([await surveysOf(off), await surveysOf(phoneOnly), await surveysOf(spam), await surveysOf(raced)]).toEqual([
      '0',
      '0',
      '0',
      '1',
    ]);
  });

  it('exports the rating with the personal data, erases it with the submission, and counts ratings by day for reports', async () => {
    await setCsat(true);
    const id = await submit({ email: 'hedy@example.com' });
    await patch(id, { assignee_id: agentId });
    await patch(id, { status: 'closed' });
    const { good, token: linkToken } = await surveyOf('hedy@example.com');
    await answer({ token: linkToken, rating: 'good', comment: 'Frequency hopping works' }).expect(200);

    const counts = await t.app
      .get(SatisfactionSurveysRepository)
      .dailyCounts({ from: new Date(Date.now() - DAY), to: new Date(Date.now() + DAY) }, { assigneeId: agentId });
    const today = new Date().toISOString().slice(0, 10);
    expect(counts).toEqual([{ day: today, good: 1, not_good: 1 }]);
    const byKey = await t.app
      .get(SatisfactionSurveysRepository)
      .dailyCounts({ from: new Date(Date.now() - DAY), to: new Date(Date.now() + DAY) }, { apiKeyId: keyId });
    expect(byKey.reduce((sum, day) => sum + day.good + day.not_good, 0)).toBeGreaterThanOrEqual(4);

    const exported = await t
      .http()
      .post('/staff/api/privacy/export')
      .set('Cookie', admin)
      .send({ email: 'hedy@example.com' })
      .expect(200);
    expect(exported.body.submissions[0].rating).toEqual({
      value: 'good',
      comment: 'Frequency hopping works',
      rated_at: expect.any(String),
    });
    await t
      .http()
      .post('/staff/api/privacy/erase')
      .set('Cookie', admin)
      .send({ email: 'hedy@example.com' })
      .expect(200, { erased: 1 });
    expect(await surveysOf(id)).toBe('0');
    expect((await open(good).expect(404)).text).toContain('This link is not valid');
  });

  it('queues again the mail of a survey whose job Redis lost, or never got', async () => {
    await setCsat(false);
    const id = await submit({ email: 'annie@example.com' });
    await patch(id, { status: 'closed' });
    // What a closing leaves when Redis is away at its commit: the survey, and no job.
    await t.app
      .get(DataSource)
      .query(
        "INSERT INTO satisfaction_surveys (id, submission_id, api_key_id, mail_state, surveyed_at, expires_at) VALUES (?, ?, ?, 'queued', ?, ?)",
        [uuidv7(), id, keyId, new Date(Date.now() - 60_000), new Date(Math.floor(Date.now() / 1000) * 1000 + DAY)],
      );
    const reconciler = t.app.get(QueueReconciler);
    expect((await reconciler.reconcileOnce()).surveys).toBe(1);
    const { good } = await surveyOf('annie@example.com');
    await queuesSettled(t);
    expect((await reconciler.reconcileOnce()).surveys).toBe(0);
    expect(mailsTo('annie@example.com')).toHaveLength(1);
    expect((await open(good).expect(200)).text).toContain('How did we do?');
  });

  describe('the rating page in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => (browser = await launchChromium()));
    afterAll(async () => browser?.close());

    it('works without JavaScript at a phone’s width: preselected, a comment, sent once; axe finds nothing serious', async () => {
      await setCsat(true);
      const id = await submit({ email: 'dorothy@example.com' });
      await patch(id, { status: 'closed' });
      const { good } = await surveyOf('dorothy@example.com');
      // As a customer's phone opens the link: no script needed (the page has none, its policy allows none).
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(good.toString());
      await page.getByRole('heading', { name: 'How did we do?' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Good', exact: true }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Not good' }).isChecked()).toBe(false);
      if (WRITE_SCREENSHOTS) {
        await page.getByLabel('Comment (optional)').fill('Quick answer, thank you!');
        await page.screenshot({ path: join(DOCS, 'console-rating.png'), fullPage: true });
      }
      await page.getByRole('radio', { name: 'Not good' }).check();
      await page.getByLabel('Comment (optional)').fill('Right answer, but it took three days.');
      await page.getByRole('button', { name: 'Send rating' }).click();
      await page.getByRole('heading', { name: 'Thank you' }).waitFor();
      expect(await page.getByText('is recorded').textContent()).toContain('Not good');
      await context.close();
      expect((await detail(id)).rating).toMatchObject({
        value: 'not_good',
        comment: 'Right answer, but it took three days.',
      });

      // axe runs in the page, so it gets a context with script (its own; the page's policy still applies).
      const checker = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
      const form = await checker.newPage();
      const other = await submit({ email: 'dorothy.v@example.com' });
      await patch(other, { status: 'closed' });
      await form.goto((await surveyOf('dorothy.v@example.com')).notGood.toString());
      expect(await seriousAxeViolations(form)).toEqual([]);
      await form.getByRole('button', { name: 'Send rating' }).click();
      await form.getByRole('heading', { name: 'Thank you' }).waitFor();
      expect(await seriousAxeViolations(form)).toEqual([]);
      await form.goto(`${base}/rate?token=nothing`);
      await form.getByRole('heading', { name: 'This link is not valid' }).waitFor();
      expect(await seriousAxeViolations(form)).toEqual([]);
      await checker.close();
    });
  });
});
