/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/browser';
import { ConsoleSuite, startConsoleSuite } from './support/console-suite';
import { SmtpSink } from './support/smtp-sink';
import { waitUntil } from './support/wait';
import { deepMultipart } from './support/hostile-mail';

/** `WRITE_SCREENSHOTS=1` refreshes the inbox and detail screenshots in docs/ (committed with the change). */
const WRITE_SCREENSHOTS = process.env.WRITE_SCREENSHOTS === '1';
const DOCS = join(__dirname, '..', 'docs');
const PASSWORD = 'conversation test passphrase';
const INBOUND_TOKEN = 'console-inbound-token-0123456789';

/**
 * Answering a person from the console, in a real browser against a real API process and SMTP server:
 * the reply box (Ctrl+Enter sends), the message's state, the customer's answer with its quoted history
 * folded, and the admins' list of unmatched mail.
 */
describe('staff console: the conversation (browser)', () => {
  const smtp = new SmtpSink();
  let suite: ConsoleSuite;
  let base: string;
  const email = `conversation.${randomBytes(3).toString('hex')}@example.com`;

  const submit = (body: Record<string, unknown>): Promise<string> => suite.submit(body);
  const inbound = (raw: string) =>
    fetch(`${base}/inbound/email`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${INBOUND_TOKEN}`, 'Content-Type': 'message/rfc822' },
      body: raw,
    });

  beforeAll(async () => {
    await smtp.start();
    suite = await startConsoleSuite('conv', {
      admin: { email, name: 'Connie Agent', password: PASSWORD },
      staff: [{ email: `bob.${email}`, name: 'Bob Agent', role: 'agent', password: PASSWORD }],
      settings: {
        ROLE: 'all',
        STAFF_CHANNELS: 'webhooks',
        SMTP_URL: smtp.url,
        REPLY_FROM: 'help@intake.test',
        INBOUND_ADDRESS: 'support@intake.test',
        INBOUND_TOKEN,
      },
    });
    base = suite.base;
  });
  afterAll(async () => {
    await suite?.stop();
    await smtp.stop();
  });

  function signedIn(): Promise<Page> {
    return suite.signIn({ email, password: PASSWORD });
  }

  it('sends a reply with Ctrl+Enter, shows it sent, then the customer answer with its quoted history folded', async () => {
    const id = await submit({
      name: 'Katherine Johnson',
      email: 'katherine@example.com',
      message: 'Orbit figures wrong',
    });
    const page = await signedIn();
    await page.goto(`${base}/staff/#/inbox?open=${id}`);
    const detail = page.getByRole('region', { name: 'Katherine Johnson' });
    const box = detail.getByLabel('Reply to katherine@example.com');
    await box.fill('We checked them twice: they are right.');
    await box.press('Control+Enter');
    const conversation = detail.getByRole('list', { name: 'Conversation' });
    await conversation.getByText('We checked them twice: they are right.').waitFor();
    await conversation.getByText('sent', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await box.inputValue()).toBe('');
    await waitUntil(() => smtp.received.length === 1, 'the reply at the SMTP server');
    const reply = await simpleParser(smtp.received[0].raw);

    const answer = await inbound(
      `From: katherine@example.com\r\nTo: ${reply.replyTo!.value[0].address}\r\nSubject: Re: ${reply.subject}\r\n` +
        `Message-ID: <console-answer@example.com>\r\n\r\nThen the tables are off.\r\n\r\nOn Tue, Help wrote:\r\n> We checked them twice\r\n`,
    );
    expect(answer.status).toBe(202);
    // Pushed to the open page (server-sent events): no reload.
    await conversation.getByText('Then the tables are off.').waitFor({ timeout: 15_000 });
    const quoted = conversation.getByText('> We checked them twice');
    expect(await quoted.isVisible()).toBe(false);
    await conversation.getByText('Quoted history').click();
    await quoted.waitFor();
    if (WRITE_SCREENSHOTS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: join(DOCS, 'console-detail.png') });
      for (const [name, address, message] of [
        ['Dorothy Vaughan', 'dorothy@example.com', 'Can the FORTRAN course start a week later?'],
        ['Grace Hopper', 'grace@example.com', 'The compiler rejects our invoice numbers since Monday.'],
        ['Alan Turing', 'alan@example.com', 'Please send the signed contract again, the scan is unreadable.'],
      ]) {
        await submit({ name, email: address, message });
      }
      await page.goto(`${base}/staff/#/inbox?status=all`);
      const list = page.getByRole('list', { name: 'Submission list' });
      await list.getByRole('link').filter({ hasText: 'Alan Turing' }).waitFor({ timeout: 15_000 });
      await list.getByRole('link').filter({ hasText: 'Katherine Johnson' }).waitFor();
      await page.screenshot({ path: join(DOCS, 'console-inbox.png') });
    }
  });

  it('assigns a submission to anyone from the picker', async () => {
    const id = await submit({ name: 'Mary Jackson', email: 'mary@example.com', message: 'Wind tunnel booking' });
    const page = await signedIn();
    await page.goto(`${base}/staff/#/inbox?open=${id}`);
    const detail = page.getByRole('region', { name: 'Mary Jackson' });
    await detail.getByLabel('Assign to').selectOption({ label: 'Bob Agent' });
    // The page shows the new assignee beside "Assignee", and the API agrees.
    await detail.locator('dd', { hasText: 'Bob Agent' }).waitFor();
    expect(await detail.getByLabel('Assign to').inputValue()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows admins the mail that matched nothing, and the mail that could not be read, with why', async () => {
    const answer = await inbound(
      'From: stranger@example.net\r\nTo: support@intake.test\r\nSubject: Who reads this?\r\nMessage-ID: <console-stray@example.net>\r\n\r\nhi\r\n',
    );
    expect(answer.status).toBe(202);
    const unreadable = await inbound(deepMultipart('console-deep', 2_000).toString());
    expect(await unreadable.json()).toEqual({ outcome: 'unreadable' });
    const page = await signedIn();
    await page.getByRole('link', { name: 'Unmatched mail' }).click();
    await page.getByRole('heading', { name: 'Unmatched mail' }).waitFor();
    await page.getByRole('cell', { name: 'Who reads this?' }).waitFor();
    await page.getByRole('cell', { name: 'stranger@example.net' }).waitFor();
    const strayRow = page.getByRole('row').filter({ hasText: 'Who reads this?' });
    await strayRow.getByRole('cell', { name: 'Matched no submission' }).waitFor();
    const hostileRow = page.getByRole('row').filter({ hasText: 'mallory@attacker.test' });
    await hostileRow.getByRole('cell', { name: 'Unreadable: broken or hostile MIME' }).waitFor();
  });
  it('sends files chosen in the picker and dropped on the reply box, and shows the files a customer sent', async () => {
    const id = await submit({ name: 'Annie Easley', email: 'annie@example.com', message: 'Send the Centaur report' });
    const page = await signedIn();
    await page.goto(`${base}/staff/#/inbox?open=${id}`);
    const detail = page.getByRole('region', { name: 'Annie Easley' });
    const report = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(40_000, 7)]);
    await detail
      .getByLabel('Attach files')
      .setInputFiles({ name: 'centaur.pdf', mimeType: 'application/pdf', buffer: report });
    // Dropped as a person drags a file from their desktop onto the box.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['stage two figures'], 'figures.txt', { type: 'text/plain' }));
      return transfer;
    });
    const box = detail.getByLabel('Reply to annie@example.com');
    await box.dispatchEvent('drop', { dataTransfer: dropped });
    const toSend = detail.getByRole('list', { name: 'Files to send' });
    await toSend.getByText('(40 KB)').waitFor();
    await toSend.getByText('(17 bytes)').waitFor();
    await box.fill('Both files attached.');
    await detail.getByRole('button', { name: 'Send reply' }).click();
    const sent = detail.getByRole('list', { name: 'Files of the reply' });
    await sent.getByRole('link', { name: 'centaur.pdf' }).waitFor();
    await waitUntil(() => smtp.received.some((mail) => mail.to.includes('annie@example.com')), 'the reply with files');
    const mail = await simpleParser(smtp.received.find((one) => one.to.includes('annie@example.com'))!.raw);
    expect(mail.attachments.map((file) => [file.filename, file.content.length])).toEqual([
      ['centaur.pdf', report.length],
      ['figures.txt', 17],
    ]);

    // The customer answers with a picture and a document: a thumbnail, and a link with name, type and size.
    const boundary = 'files-boundary';
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const answer = await inbound(
      [
        'From: annie@example.com',
        `To: ${mail.replyTo!.value[0].address}`,
        `Subject: Re: ${mail.subject}`,
        'Message-ID: <console-files@example.com>',
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain',
        '',
        'Thanks, here is the launch photo and my notes.',
        `--${boundary}`,
        'Content-Type: image/png; name="launch.png"',
        'Content-Disposition: attachment; filename="launch.png"',
        'Content-Transfer-Encoding: base64',
        '',
        png.toString('base64'),
        `--${boundary}`,
        'Content-Type: application/vnd.oasis.opendocument.text; name="notes.odt"',
        'Content-Disposition: attachment; filename="notes.odt"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('not really a document').toString('base64'),
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    expect(answer.status).toBe(202);
    const theirs = detail.getByRole('list', { name: 'Files of the customer' });
    const thumbnail = theirs.getByRole('img', { name: 'launch.png' });
    await thumbnail.waitFor({ timeout: 15_000 });
    await page.waitForFunction(
      (image) => (image as HTMLImageElement).naturalWidth === 1,
      await thumbnail.elementHandle(),
    );
    await theirs.getByRole('link', { name: 'notes.odt' }).waitFor();
    expect(await theirs.textContent()).toContain('notes.odt (application/vnd.oasis.opendocument.text, 21 bytes)');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The reply comes back from the recipient's server, to its return path: the console says it was
    // not delivered, and by whom.
    const returnPath = smtp.received.find((one) => one.to.includes('annie@example.com'))!.from;
    const bounce = await inbound(
      [
        'From: MAILER-DAEMON@mx.example.com',
        `To: ${returnPath}`,
        'Subject: Undelivered Mail Returned to Sender',
        'Message-ID: <console-bounce@mx.example.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
        '',
        '--r',
        'Content-Type: message/delivery-status',
        '',
        // The server that reports it (a DSN's per-message fields come first): the console names it.
        'Reporting-MTA: dns; mx.example.com',
        '',
        'Final-Recipient: rfc822; annie@example.com',
        'Action: failed',
        'Status: 5.2.2',
        'Diagnostic-Code: smtp; 552 5.2.2 Mailbox full',
        '',
        '--r',
        'Content-Type: text/rfc822-headers',
        '',
        `Message-ID: ${mail.messageId}`,
        '',
        '--r--',
        '',
      ].join('\r\n'),
    );
    expect(await bounce.json()).toEqual({ outcome: 'bounced' });
    await detail.getByText('not delivered', { exact: true }).waitFor({ timeout: 15_000 });
    await detail
      .getByText(
        /Not delivered: the recipient.s mail server sent it back \(5\.2\.2 552 5\.2\.2 Mailbox full \(reported by mx\.example\.com\)\)/,
      )
      .waitFor();
  });
});
