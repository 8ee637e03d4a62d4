import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000));

  it('returns a value until its time is up', () => {
    const cache = new TtlCache<string, number | null>(2000, 10, clock);
    cache.set('a', 1);
    cache.set('b', null);
    now += 1999;
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeNull();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.has('b')).toBe(false);
  });

  it('drops the oldest entry when full', () => {
    const cache = new TtlCache<string, number>(10_000, 2, clock);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    expect(cache.get('c')).toBe(3);
  });

  it('caches nothing with a zero time to live', () => {
    const cache = new TtlCache<string, number>(0, 10, clock);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});
