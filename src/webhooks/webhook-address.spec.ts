import { ApiException } from '../http/api-exception';
import { assertAcceptableWebhookUrl, isNonPublicAddress, isRefusedAddress, loggableUrl } from './webhook-address';
import { publicOnlyLookup, WebhookSender } from './webhook-sender';

const STRICT = { allowPrivate: false, allowedHosts: [] };

describe('webhook address rules', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['10.1.2.3', 'RFC 1918 10/8'],
    ['172.16.0.1', 'RFC 1918 172.16/12'],
    ['172.31.255.254', 'RFC 1918 172.16/12'],
    ['192.168.1.1', 'RFC 1918 192.168/16'],
    ['fe80::1', 'link-local fe80::/10'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['fd12:3456::1', 'unique-local fc00::/7'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['::7f00:1', 'IPv4-compatible loopback (::127.0.0.1)'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata (::169.254.169.254)'],
    ['::808:808', 'IPv4-compatible public (deprecated form: never a real destination)'],
  ])('refuses %s (%s)', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
    expect(isRefusedAddress(STRICT, address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111'])('accepts public %s', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
    expect(isRefusedAddress(STRICT, address)).toBe(false);
  });

  it('lets WEBHOOK_ALLOW_PRIVATE and WEBHOOK_ALLOWED_HOSTS open what they name, and only that', () => {
    expect(isRefusedAddress({ allowPrivate: true, allowedHosts: [] }, '10.0.0.5')).toBe(false);
    expect(isRefusedAddress({ allowPrivate: false, allowedHosts: ['10.0.0.5'] }, '10.0.0.5')).toBe(false);
    expect(isRefusedAddress({ allowPrivate: false, allowedHosts: ['10.0.0.5'] }, '10.0.0.6')).toBe(true);
  });

  it.each([
    ['ftp://hooks.example.com/x', 'only http and https'],
    ['https://user:pass@hooks.example.com/x', 'no credentials in the URL'],
    ['not a url', 'not a URL'],
    ['http://169.254.169.254/latest/meta-data', 'the address is not public'],
    ['http://[::ffff:a9fe:a9fe]/', 'the address is not public'],
    ['http://10.0.0.1:8080/', 'the address is not public'],
    ['http://[::127.0.0.1]/', 'the address is not public'],
    ['http://[::169.254.169.254]/', 'the address is not public'],
  ])('refuses to add %s', (url, why) => {
    let thrown: unknown;
    try {
      assertAcceptableWebhookUrl(url, STRICT);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiException);
    expect((thrown as ApiException).message).toContain(why);
  });

  it('accepts http(s) URLs with a port and leaves names to the connect-time check', () => {
    expect(assertAcceptableWebhookUrl('https://hooks.example.com:8443/in?token=x', STRICT).port).toBe('8443');
    expect(assertAcceptableWebhookUrl('http://localhost:9/in', STRICT).hostname).toBe('localhost');
  });

  it('keeps the query string and fragment out of what is logged', () => {
    expect(loggableUrl('https://hooks.example.com:8443/in?token=s3cret#x')).toBe('https://hooks.example.com:8443/in');
  });
});

describe('webhook sender at connect time', () => {
  const sender = new WebhookSender(STRICT, 2000);
  afterAll(() => sender.close());

  // Decided before any socket exists (request-filtering-agent in createConnection, the sender itself for
  // literals ipaddr.js calls unicast): nothing is opened.
  it.each([
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.1/',
    'http://[fd00::1]/',
    'https://192.168.0.1/',
    'http://[::127.0.0.1]/',
    'http://[::169.254.169.254]/',
  ])('refuses %s without connecting', async (url) => {
    const response = await sender.post(url, {}, '{}');
    expect(response.statusCode).toBeNull();
    expect(response.error).toMatch(/not allowed/);
  });
});

describe('publicOnlyLookup', () => {
  const lookUp = (rules: typeof STRICT, host: string, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      publicOnlyLookup(rules)(host, { all }, (error, address) => resolve({ error, address })),
    );

  it.each(['::7f00:1', '::a9fe:a9fe', '::808:808'])(
    'refuses the IPv4-compatible literal %s, one address or all',
    async (host) => {
      for (const all of [false, true]) {
        expect((await lookUp(STRICT, host, all)).error?.message).toMatch(/not allowed/);
      }
    },
  );

  it('leaves other non-public addresses to the filtering agent (it words their refusal)', async () => {
    expect(await lookUp(STRICT, '127.0.0.1', false)).toEqual({ error: null, address: '127.0.0.1' });
  });

  it('answers a public literal as dns.lookup does, and a private one the settings allow', async () => {
    expect(await lookUp(STRICT, '8.8.8.8', false)).toEqual({ error: null, address: '8.8.8.8' });
    expect((await lookUp(STRICT, '8.8.8.8', true)).address).toEqual([{ address: '8.8.8.8', family: 4 }]);
    expect(await lookUp({ allowPrivate: true, allowedHosts: [] }, '::127.0.0.1', false)).toEqual({
      error: null,
      address: '::127.0.0.1',
    });
  });
});
