import { refOf } from '../submissions/lifecycle/submission-ref';
import { fillAcknowledgement, greetingNameOf, NEUTRAL_NAME } from './ack-text';

describe('greetingNameOf', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['  Grace Hopper  ', 'Grace Hopper'],
    ["Seán O'Brien-Ní Dhomhnaill", "Seán O'Brien-Ní Dhomhnaill"],
    ['J. R. R. Tolkien', 'J. R. R. Tolkien'],
    ['李小龍', '李小龍'],
    ['x'.repeat(60), 'x'.repeat(60)],
  ])('keeps the plain name %j', (name, expected) => {
    expect(greetingNameOf(name)).toBe(expected);
  });

  it.each([
    ['a link', 'Claim at https://evil.test/win'],
    ['a scheme-less link', 'see www.evil.test'],
    ['a domain', 'Win big at evil.example'],
    ['a domain in capitals', 'VISIT EVIL.COM'],
    ['an address', 'mail me: win@evil.test'],
    ['an address alone', 'ada@example.com'],
    ['markup', '<b>Urgent</b>'],
    ['an entity', 'Ada &amp; Co'],
    ['template braces', '{{ref}}'],
    ['a line break', 'Ada\nBcc: x'],
    ['a bidi override', 'Ada\u202Emoc.live'],
    ['a line separator', 'Ada\u2028Lovelace'],
    ['61 characters', 'x'.repeat(61)],
    ['nothing', '   '],
    ['no name', null],
  ])('falls back to the neutral greeting for %s', (_, name) => {
    expect(greetingNameOf(name)).toBe(NEUTRAL_NAME);
  });
});

describe('fillAcknowledgement', () => {
  const id = '0193a000-0000-7000-8000-000000000001';

  it('fills {{ref}} everywhere, the checked name in the body, and only the neutral greeting in the subject', () => {
    expect(
      fillAcknowledgement(
        { subject: 'Thanks {{name}} [#{{ ref }}]', body: 'Hello {{name}}, your reference is {{ref}}.' },
        { id, name: 'Ada' },
      ),
    ).toEqual({
      subject: `Thanks ${NEUTRAL_NAME} [#${refOf(id)}]`,
      body: `Hello Ada, your reference is ${refOf(id)}.`,
    });
  });

  it('never reads a name as a placeholder or a replacement pattern', () => {
    expect(fillAcknowledgement({ subject: 's', body: 'Hello {{name}}' }, { id, name: "Ada $$ $' $1" }).body).toBe(
      "Hello Ada $$ $' $1",
    );
  });
});
