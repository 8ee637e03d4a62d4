import { exceedsJsonDepth, parseForm } from './json-body';

describe('exceedsJsonDepth', () => {
  it('counts arrays and objects alike', () => {
    expect(exceedsJsonDepth('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(exceedsJsonDepth('{"a":[{"b":[]}]}', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(exceedsJsonDepth('{"a":"\\"[[[[","b":1}', 1)).toBe(false);
    expect(exceedsJsonDepth('{"a":"\\\\","b":[[1]]}', 2)).toBe(true);
  });

  it('measures depth, not the number of brackets', () => {
    expect(exceedsJsonDepth(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
  });
});

describe('parseForm', () => {
  it('reads a form as a browser sends it: + is a space, escapes decoded, the last of a repeated field kept', () => {
    expect(parseForm('token=a-b_c&rating=good&comment=Fast+%26+kind%0D%0A%F0%9F%99%82&rating=not_good')).toEqual({
      token: 'a-b_c',
      rating: 'not_good',
      comment: 'Fast & kind\r\n🙂',
    });
    expect(parseForm('')).toEqual({});
    expect(parseForm('flag&=x')).toEqual({ flag: '', '': 'x' });
  });

  it('keeps `__proto__` a plain field, and refuses a malformed escape', () => {
    const fields = parseForm('__proto__=x');
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.keys(fields)).toEqual(['__proto__']);
    expect(() => parseForm('comment=%E0%A4%A')).toThrow(URIError);
    expect(() => parseForm('comment=%ED%A0%80')).toThrow(URIError);
  });
});
