import { exceedsJsonDepth } from './json-body';

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
