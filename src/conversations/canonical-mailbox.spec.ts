import { canonicalMailbox } from './canonical-mailbox';

describe('canonicalMailbox', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['  Ada@Example.COM ', 'ada@example.com'],
    ['"ada"@example.com', 'ada@example.com'],
    ['"a.da"@example.com', 'a.da@example.com'],
    ['"a\\"b"@example.com', 'a"b@example.com'],
    ['"a@b"@example.com', 'a@b@example.com'],
    ['ada+news@example.com', 'ada@example.com'],
    ['ada+a+b@example.com', 'ada@example.com'],
    ['"ada+x"@example.com', 'ada@example.com'],
    ['+only@example.com', '+only@example.com'],
    ['ada@bücher.example', 'ada@xn--bcher-kva.example'],
    ['ada@BÜCHER.example', 'ada@xn--bcher-kva.example'],
    ['ada@xn--bcher-kva.example', 'ada@xn--bcher-kva.example'],
    ['ada@example.com.', 'ada@example.com'],
    ['Ä@example.com', 'ä@example.com'],
    ['A\u0308@example.com', 'ä@example.com'],
  ])('%j is %j', (address, canonical) => {
    expect(canonicalMailbox(address)).toBe(canonical);
  });

  it('keeps mailboxes that differ apart', () => {
    expect(canonicalMailbox('ada@example.com')).not.toBe(canonicalMailbox('ada@example.org'));
    expect(canonicalMailbox('ada@example.com')).not.toBe(canonicalMailbox('a.da@example.com'));
    expect(canonicalMailbox('ada@bücher.example')).not.toBe(canonicalMailbox('ada@bucher.example'));
  });
});
