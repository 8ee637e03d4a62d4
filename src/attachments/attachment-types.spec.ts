import { contentDisposition, declaredType, isInlineImage, servedType } from './attachment-types';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const GIF = Buffer.from('GIF89a\x01\x00', 'latin1');
const WEBP = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1');
const HTML = Buffer.from('<html><script>alert(1)</script>');

describe('what a stored file is served as', () => {
  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/gif', GIF],
    ['image/webp', WEBP],
  ])('shows %s inline when its bytes are that image', (type, head) => {
    expect(isInlineImage(type, head)).toBe(true);
    expect(servedType(type, true)).toBe(type);
  });

  it('never shows inline bytes that are not the image their type claims, nor any other type', () => {
    expect(isInlineImage('image/png', HTML)).toBe(false);
    expect(isInlineImage('image/png', JPEG)).toBe(false);
    expect(isInlineImage('image/svg+xml', Buffer.from('<svg/>'))).toBe(false);
    expect(isInlineImage('text/html', HTML)).toBe(false);
    expect(servedType('image/png', false)).toBe('application/octet-stream');
  });

  it.each([
    'text/html',
    'image/svg+xml',
    'application/xml',
    'text/xml',
    'application/javascript',
    'text/javascript',
    'application/pdf',
    'application/x-unknown',
    'application/xhtml+xml',
  ])('serves %s as application/octet-stream', (type) => {
    expect(servedType(type, false)).toBe('application/octet-stream');
  });

  it('keeps a declared type as a bare lower-case media type, and anything else as octet-stream', () => {
    expect(declaredType('Text/Plain; charset=UTF-8')).toBe('text/plain');
    expect(declaredType('not a type')).toBe('application/octet-stream');
    expect(declaredType('text/html\r\nX-Evil: 1')).toBe('application/octet-stream');
    expect(declaredType(undefined)).toBe('application/octet-stream');
  });

  it('names the file in Content-Disposition exactly (RFC 5987) with a plain ASCII fallback, never breaking the header', () => {
    expect(contentDisposition('Résumé – Zoë 日本.txt', false)).toBe(
      `attachment; filename="R_sum_ _ Zo_ __.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%80%93%20Zo%C3%AB%20%E6%97%A5%E6%9C%AC.txt`,
    );
    const hostile = contentDisposition('a"; filename=evil.html\r\nSet-Cookie: x=1/../b\\c.png', true);
    expect(
      hostile.startsWith('inline; filename="a__ filename=evil.html__Set-Cookie: x=1_.._b_c.png"; filename*='),
    ).toBe(true);
    expect(hostile).not.toMatch(/[\r\n]/);
    expect(contentDisposition("it's (1).pdf", false)).toContain("filename*=UTF-8''it%27s%20%281%29.pdf");
  });
});
