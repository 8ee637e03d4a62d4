import { glanceAtHeaders, MAIL_BOUNDS, newTextOf, parseMail, splitQuoted } from './mail-parser';
import { hugeHeader, manyCc, nestedDivs, quoteRun } from '../../test/support/hostile-mail';

const raw = (headers: string, body: string) => Buffer.from(`${headers.trim().replace(/\n/g, '\r\n')}\r\n\r\n${body}`);

describe('parseMail', () => {
  it('reads ids without brackets, every address list and Delivered-To header, and lower-cases domains', async () => {
    const mail = await parseMail(
      raw(
        `From: Ada <Ada@Example.COM>
To: support+abc@intake.test, Other <o@x.test>
Cc: c@y.test
Delivered-To: first@intake.test
Delivered-To: second@intake.test
Message-ID: <m1@example.com>
In-Reply-To: <r1@intake.test>
References: <r0@intake.test> <r1@intake.test>
Subject: Re: hello`,
        'Hi',
      ),
    );
    expect(mail).toMatchObject({
      messageId: 'm1@example.com',
      inReplyTo: ['r1@intake.test'],
      references: ['r0@intake.test', 'r1@intake.test'],
      from: { address: 'Ada@example.com', name: 'Ada' },
      to: [{ address: 'support+abc@intake.test' }, { address: 'o@x.test', name: 'Other' }],
      cc: [{ address: 'c@y.test' }],
      deliveredTo: [{ address: 'first@intake.test' }, { address: 'second@intake.test' }],
      subject: 'Re: hello',
      automatic: false,
    });
  });

  it.each([
    ['Auto-Submitted: auto-replied', true],
    ['Auto-Submitted: auto-generated', true],
    ['Auto-Submitted: no', false],
    ['Precedence: bulk', true],
    ['Precedence: list', true],
    ['Precedence: junk', true],
    ['Precedence: first-class', false],
    ['Precedence: auto_reply', true],
    ['X-Autoreply: yes', true],
    ['X-Autoreply: no', false],
    ['Return-Path: <>', true],
    ['Return-Path: <bounce@x.test>', false],
    ['Content-Type: multipart/report; report-type=delivery-status; boundary="x"', true],
  ])('%s -> automatic %s', async (header, automatic) => {
    expect((await parseMail(raw(`From: a@b.test\n${header}`, 'x'))).automatic).toBe(automatic);
  });

  it('gives a message without a Message-ID a stable id of its bytes', async () => {
    const bytes = raw('From: a@b.test\nSubject: no id', 'x');
    const [first, second] = [await parseMail(bytes), await parseMail(bytes)];
    expect(first.messageId).toMatch(/^sha256\.[0-9a-f]{64}@inbound\.invalid$/);
    expect(second.messageId).toBe(first.messageId);
  });

  it('does not throw on broken MIME (a boundary that never comes, a truncated part)', async () => {
    const mail = await parseMail(
      raw(
        'From: a@b.test\nContent-Type: multipart/mixed; boundary="never"',
        '--other\r\nContent-Type: text/plain\r\n\r\ntrunc',
      ),
    );
    expect(mail.from).toEqual({ address: 'a@b.test' });
  });
});

describe('newTextOf', () => {
  it.each([
    ['Thanks!\n\nOn Mon, 1 Jan 2026 at 10:00, Help <help@x> wrote:\n> old\n> text\n', 'Thanks!'],
    ['Fine.\n\n-----Original Message-----\nFrom: Help\nSent: Monday\n\nold', 'Fine.'],
    ['Top\n> quoted\n> more\n', 'Top'],
    ['Inline:\n> question\nanswer\n', 'Inline:\n> question\nanswer'],
    ['No quote at all.', 'No quote at all.'],
    ['Merci\n\nLe lun. 1 janv. 2026, Help a écrit :\n> vieux', 'Merci'],
  ])('%j -> %j', (text, expected) => {
    expect(newTextOf(text)).toBe(expected);
  });
});

describe('parseMail against hostile messages (issue 36)', () => {
  it('reads 40 000 quote lines followed by text as new text (the split was quadratic: 18 s)', async () => {
    const mail = await parseMail(quoteRun('q', 40_000));
    expect(mail.newText.split('\n')).toHaveLength(40_002);
    expect(mail.newText.endsWith('>\nbye')).toBe(true);
    expect(mail.quoted).toBeNull();
  });

  it('reads the text of 100 000 nested <div> (tags dropped past a nesting no editor writes)', async () => {
    expect((await parseMail(nestedDivs('d', 100_000))).newText).toBe('deep');
  });

  it('bounds what it hands over: a Message-ID that fits its column, at most 100 addresses a header', async () => {
    const longId = `${'x'.repeat(300)}@attacker.test`;
    const mail = await parseMail(
      Buffer.from(
        `From: a@b.test\r\nMessage-ID: <${longId}>\r\nTo: ${Array.from({ length: 150 }, (_, i) => `t${i}@x.test`).join(', ')}\r\n\r\nHi`,
      ),
    );
    expect(mail.messageId).toMatch(/^sha256\.[0-9a-f]{64}@inbound\.invalid$/);
    expect(mail.to).toHaveLength(MAIL_BOUNDS.addresses);
  });
});

describe('splitQuoted', () => {
  it('keeps inline answers between quotes as new text, and gives the trailing quote as history', () => {
    expect(splitQuoted('Inline:\n> question\nanswer\n\n> old\n>\n')).toEqual({
      newText: 'Inline:\n> question\nanswer',
      quoted: '> old\n>',
    });
  });
});

describe('glanceAtHeaders', () => {
  it('reads Message-ID, From and Subject of a message the parser refuses, from its first 64 KiB only', () => {
    expect(glanceAtHeaders(manyCc('cc', 100_000))).toEqual({
      messageId: 'cc@attacker.test',
      from: 'mallory@attacker.test',
      subject: 'Hostile',
    });
    const huge = glanceAtHeaders(hugeHeader('h', 1024 * 1024));
    expect(huge.subject?.length).toBe(500);
    // The Message-ID stands after the megabyte of Subject: an id of the bytes stands in for it.
    expect(huge.messageId).toMatch(/^sha256\.[0-9a-f]{64}@inbound\.invalid$/);
  });
});

describe('parseMail: bounces', () => {
  const dsn = (action: string, status: string) =>
    raw(
      `From: MAILER-DAEMON@mx.example.com
To: help@intake.test
Subject: Delivery report
Message-ID: <report@mx.example.com>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="r"`,
      [
        '--r',
        'Content-Type: text/plain',
        '',
        'Your message was not delivered.',
        '--r',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.example.com',
        '',
        'Final-Recipient: rfc822; first@example.com',
        'Action: delayed',
        'Status: 4.4.1',
        '',
        'Final-Recipient: rfc822; second@example.com',
        `Action: ${action}`,
        `Status: ${status}`,
        'Diagnostic-Code: smtp; 550 5.1.1 <second@example.com>:',
        '  user unknown',
        '',
        '--r',
        'Content-Type: message/rfc822',
        '',
        'From: help@intake.test',
        'Message-ID: <message.abc@intake.test>',
        'Subject: Re: hello',
        '',
        'the reply',
        '--r--',
        '',
      ].join('\r\n'),
    );

  it("reads a delivery-status notification: the failed recipient's status and words, the returned Message-ID, no files", async () => {
    const mail = await parseMail(dsn('failed', '5.1.1'));
    expect(mail.bounce).toEqual({
      failed: true,
      status: '5.1.1',
      diagnostic: '550 5.1.1 <address>: user unknown',
      messageIds: ['message.abc@intake.test'],
      returnPathTokens: [],
      reportingServer: 'mx.example.com',
      remoteServer: null,
    });
    expect(mail.attachments).toEqual([]);
  });

  it('tells a delay report from a failure', async () => {
    const mail = await parseMail(dsn('delayed', '4.4.7'));
    expect(mail.bounce).toMatchObject({ failed: false, status: '4.4.1' });
  });

  it("reads a server's plain bounce that quotes the headers, and leaves a person's mail about delivery alone", async () => {
    const bounce = await parseMail(
      raw(
        `From: postmaster@mx.example.org
To: help@intake.test
Subject: Undeliverable: Re: hello
Auto-Submitted: auto-replied
Message-ID: <plain@mx.example.org>`,
        'Delivery has failed to these recipients:\r\n\r\n550 5.2.2 Mailbox full\r\n\r\n> Message-ID: <message.def@intake.test>\r\n',
      ),
    );
    expect(bounce.bounce).toEqual({
      failed: true,
      status: '5.2.2',
      diagnostic: '550 5.2.2 Mailbox full',
      messageIds: ['message.def@intake.test'],
      returnPathTokens: [],
      reportingServer: 'mx.example.org',
      remoteServer: null,
    });
    const person = await parseMail(
      raw(
        `From: ada@example.com
To: help@intake.test
Subject: Undeliverable parcel
Message-ID: <person@example.com>`,
        'My parcel could not be delivered, see Message-ID: <x@y>.',
      ),
    );
    expect(person.bounce).toBeNull();
    // An out-of-office answering our reply about an undeliverable parcel: automatic, empty Return-Path,
    // In-Reply-To our mail, but an answer, not a bounce.
    const away = await parseMail(
      raw(
        `From: ada@example.com
Return-Path: <>
To: help@intake.test
Subject: Automatic reply: Re: Parcel undeliverable [#ABC]
Auto-Submitted: auto-replied
In-Reply-To: <message.abc@intake.test>
Message-ID: <away@example.com>`,
        'I am away until Monday.',
      ),
    );
    expect(away.bounce).toBeNull();
  });

  it('reads the return-path tokens a bounce is addressed to or quotes, and the servers it names as host names only', async () => {
    const token = (letter: string) => letter.repeat(20);
    const mail = await parseMail(
      raw(
        `From: MAILER-DAEMON@mx.example.com
To: support+b-${token('a')}@intake.test
Delivered-To: support+b-${token('b')}@intake.test
X-Original-To: <SUPPORT+B-${token('C')}@intake.test>
Subject: Undelivered Mail Returned to Sender
Message-ID: <tokens@mx.example.com>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="r"`,
        [
          '--r',
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; MX.Example.COM (Postfix) <script>alert(1)</script>',
          `X-Postfix-Sender: rfc822; support+b-${token('d')}@intake.test`,
          '',
          'Final-Recipient: rfc822; gone@example.com',
          'Action: failed',
          'Status: 5.1.1',
          'Remote-MTA: dns; [192.0.2.7]; <img src=x>',
          '',
          '--r',
          'Content-Type: text/rfc822-headers',
          '',
          'Message-ID: <message.abc@intake.test>',
          `Return-Path: <support+b-${token('e')}@intake.test>`,
          // Not a token: too short, and not of the form.
          'X-Other: support+b-short@intake.test support-b-ffffffffffffffffffff@intake.test',
          '',
          '--r--',
          '',
        ].join('\r\n'),
      ),
    );
    expect(mail.bounce?.returnPathTokens.sort()).toEqual(['a', 'b', 'c', 'd', 'e'].map(token));
    expect(mail.bounce).toMatchObject({ reportingServer: 'mx.example.com', remoteServer: '[192.0.2.7]' });
    // A server name that is no host name is not kept at all.
    const odd = await parseMail(
      raw(
        `From: MAILER-DAEMON@mx.example.com
To: help@intake.test
Subject: Undelivered
Message-ID: <odd@mx.example.com>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="r"`,
        '--r\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; <b>bold</b>\r\n\r\nAction: failed\r\nStatus: 5.0.0\r\n--r--\r\n',
      ),
    );
    expect(odd.bounce).toMatchObject({ reportingServer: null, returnPathTokens: [] });
  });

  it('reads a bounce whose text is a long run of blank lines in one pass (a quadratic pattern never ended on it)', async () => {
    const mail = await parseMail(
      raw(
        `From: MAILER-DAEMON@mx.example.com
To: help@intake.test
Subject: Undelivered Mail Returned to Sender
Auto-Submitted: auto-replied
Message-ID: <blank-run@mx.example.com>`,
        `550 5.1.1 unknown\r\n${' \r\n'.repeat(40_000)}> Message-ID: <message.ghi@intake.test>\r\n`,
      ),
    );
    expect(mail.bounce).toMatchObject({ failed: true, status: '5.1.1', messageIds: ['message.ghi@intake.test'] });
  });
});
