import { newTextOf, parseMail } from './mail-parser';

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
