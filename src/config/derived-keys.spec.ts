import { deriveKey, KeyPurpose } from './derived-keys';

/**
 * Each purpose's key for a fixed secret, as computed before the rooms shared this helper (each called
 * hkdfSync with its own label). Stored and sent values depend on them: reply addresses and tokens in
 * mail already out, rating links, e-mail hashes and erasure log entries in the database.
 */
const PINNED: Record<KeyPurpose, { fromString: string; fromBytes: string }> = {
  'return-path': {
    fromString: '1f7fd2b18fd793f6a70f8b01a48b572e5339af204d10401adf278043299cdac5',
    fromBytes: 'fc4ca3306f45f61f0b973129557288d64c3a418811084bb13e9e4342bff199af',
  },
  'reply-token': {
    fromString: 'c5368563f7bbee59a88936a5c8b265312b7628a1bfb6bcffe3945c3ced6bd214',
    fromBytes: 'bf2667bfd71534f6faaf114b87da6616cf6e0ee7d44a09682cbd90e75e713636',
  },
  'rating-link': {
    fromString: '259e2ad764536bc30349d271defac6c823384947885ac579dfd3b12b6271c355',
    fromBytes: 'aba2685684957721a634ca8b8de59fcb53d9697199bfff99651599ef8f4e85f3',
  },
  'email-hash': {
    fromString: '537cca89d4524c2eb362428affb1b4fb49d9e921c5a04049e76139d09aa7ecbb',
    fromBytes: 'cb73990db69d3ef9443030572a74b299d54c2b7604de596be0f3ee76055648f1',
  },
  'erasure-log': {
    fromString: '60665bae6f721ce6889d315d9eedc656a0853a0c7d653c21217cd0e6900b95bd',
    fromBytes: 'e7f8aa18b11865ccab8af1a72cdf7198e34eec342fd420ec44d4fb97788baa31',
  },
};

describe('deriveKey', () => {
  it.each(Object.keys(PINNED) as KeyPurpose[])(
    'derives the same %s key as before, from a string and from bytes',
    (purpose) => {
      expect(deriveKey('pinned-secret-of-at-least-32-bytes!!', purpose).toString('hex')).toBe(
        PINNED[purpose].fromString,
      );
      expect(deriveKey(Buffer.alloc(32, 9), purpose).toString('hex')).toBe(PINNED[purpose].fromBytes);
    },
  );
});
