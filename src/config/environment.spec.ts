import { AppConfig } from './app-config';
import { readFileSync } from 'node:fs';
import { InvalidConfigurationError, settingNames, validateEnvironment } from './environment';

function problemsOf(env: Record<string, string>): string[] {
  try {
    validateEnvironment(env);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidConfigurationError);
    return (error as InvalidConfigurationError).problems;
  }
  return [];
}

describe('configuration', () => {
  it('has working defaults for development', () => {
    const config = new AppConfig(validateEnvironment({}));
    expect(config.http.port).toBe(3000);
    expect(config.db.url).toBe('mysql://root@127.0.0.1:3306/contact_intake');
    expect(config.redis.url).toBe('redis://127.0.0.1:6379');
    expect(config.auth.jwtSecretGenerated).toBe(true);
    expect(config.auth.accessTokenTtl).toBe(900);
    expect(config.rateLimit).toEqual({ defaultLimit: 60, defaultWindow: 60, authFailureLimit: 20 });
  });

  it('requires a JWT_SECRET of at least 32 bytes in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET: must be set to at least 32 bytes when NODE_ENV=production',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toEqual([]);
  });

  it('reports one line per bad setting', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'postgres://x/y',
      ROLE: 'boss',
      API_KEY_CACHE_TTL: '9',
    });
    expect(problems).toHaveLength(4);
    expect(problems.map((line) => line.split(':')[0]).sort()).toEqual([
      'API_KEY_CACHE_TTL',
      'DATABASE_URL',
      'PORT',
      'ROLE',
    ]);
    expect(problems.every((line) => !line.includes('\n'))).toBe(true);
  });

  it('never echoes a secret in an error', () => {
    const problems = problemsOf({ JWT_SECRET: 'short-secret' });
    expect(problems.join(' ')).not.toContain('short-secret');
  });

  it('asks a real signing secret of STAFF_WEBHOOK_URL and parses the webhook settings', () => {
    const url = 'https://hooks.example.com/in';
    expect(problemsOf({ STAFF_WEBHOOK_URL: url })).toEqual([
      'STAFF_WEBHOOK_SECRET: at least 16 bytes (ideally a whsec_ secret) when STAFF_WEBHOOK_URL is set',
    ]);
    expect(problemsOf({ STAFF_WEBHOOK_URL: url, STAFF_WEBHOOK_SECRET: 'whsec_c2hvcnQ=' })).toEqual([
      'STAFF_WEBHOOK_SECRET: a whsec_ secret is whsec_ + base64 of 24 to 64 bytes',
    ]);
    const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    expect(problemsOf({ STAFF_WEBHOOK_URL: url, STAFF_WEBHOOK_SECRET: secret })).toEqual([]);
    expect(problemsOf({ WEBHOOK_RETRY_SCHEDULE: '5,soon' }).map((line) => line.split(':')[0])).toEqual([
      'WEBHOOK_RETRY_SCHEDULE',
    ]);
    const config = new AppConfig(
      validateEnvironment({ WEBHOOK_ALLOWED_HOSTS: ' Hooks.Internal , 10.0.0.5,', WEBHOOK_RETRY_SCHEDULE: '1, 2.5' }),
    );
    expect(config.webhooks.allowedHosts).toEqual(['hooks.internal', '10.0.0.5']);
    expect(config.webhooks.retrySchedule).toEqual([1, 2.5]);
    expect(config.webhooks.timeout).toBe(15);
  });

  it('parses DATA_ENCRYPTION_KEYS, current key first, and names what is wrong without echoing a key', () => {
    const k1 = Buffer.alloc(32, 1).toString('base64');
    const k2 = Buffer.alloc(32, 2).toString('base64');
    const config = new AppConfig(validateEnvironment({ DATA_ENCRYPTION_KEYS: ` k2:${k2} , k1:${k1}` }));
    expect(config.privacy.encryptionKeys.map((key) => key.id)).toEqual(['k2', 'k1']);
    expect(config.privacy.encryptionKeys[0].key.equals(Buffer.alloc(32, 2))).toBe(true);
    expect(new AppConfig(validateEnvironment({})).privacy.encryptionKeys).toEqual([]);

    const short = Buffer.alloc(16, 3).toString('base64');
    const cases: [string, string][] = [
      [`k1:${short}`, 'DATA_ENCRYPTION_KEYS: key "k1" is 16 bytes; AES-256 needs exactly 32 (openssl rand -base64 32)'],
      [k1, 'DATA_ENCRYPTION_KEYS: entry 1 is not <id>:<base64 key> (id: 1-16 letters, digits, _ or -)'],
      [`k1:${k1},k1:${k2}`, 'DATA_ENCRYPTION_KEYS: key id "k1" appears twice'],
      [
        `k1:${k1},bad id:${k2}`,
        'DATA_ENCRYPTION_KEYS: entry 2 is not <id>:<base64 key> (id: 1-16 letters, digits, _ or -)',
      ],
    ];
    for (const [raw, problem] of cases) {
      expect(problemsOf({ DATA_ENCRYPTION_KEYS: raw })).toEqual([problem]);
    }
  });

  it('asks MAIL_OAUTH_PROVIDER for its client, an https issuer for oidc, and mailbox URLs with a user and no password', () => {
    const client = { MAIL_OAUTH_CLIENT_ID: 'app', MAIL_OAUTH_CLIENT_SECRET: 'secret' };
    const imap = 'imaps://support%40example.com@outlook.office365.com/INBOX';
    expect(problemsOf({ MAIL_OAUTH_PROVIDER: 'microsoft', INBOUND_IMAP_URL: imap })).toEqual([
      'MAIL_OAUTH_CLIENT_ID: required when MAIL_OAUTH_PROVIDER is set',
      'MAIL_OAUTH_CLIENT_SECRET: required when MAIL_OAUTH_PROVIDER is set',
    ]);
    expect(problemsOf({ MAIL_OAUTH_PROVIDER: 'yahoo', ...client, INBOUND_IMAP_URL: imap })[0]).toMatch(
      /^MAIL_OAUTH_PROVIDER: /,
    );
    expect(problemsOf({ MAIL_OAUTH_PROVIDER: 'google', ...client })).toEqual([
      'MAIL_OAUTH_PROVIDER: set INBOUND_IMAP_URL and/or SMTP_URL (host, port and the mailbox as user)',
    ]);
    expect(
      problemsOf({
        MAIL_OAUTH_PROVIDER: 'google',
        ...client,
        INBOUND_IMAP_URL: 'imaps://support:pass@imap.gmail.com/INBOX',
        SMTP_URL: 'smtps://smtp.gmail.com',
      }),
    ).toEqual([
      'INBOUND_IMAP_URL: no password with MAIL_OAUTH_PROVIDER (the connected grant authenticates)',
      'SMTP_URL: name the mailbox as user (imaps://support%40example.com@host) with MAIL_OAUTH_PROVIDER',
    ]);
    expect(problemsOf({ MAIL_OAUTH_PROVIDER: 'oidc', ...client, INBOUND_IMAP_URL: imap })).toEqual([
      'MAIL_OAUTH_ISSUER: required when MAIL_OAUTH_PROVIDER=oidc',
    ]);
    const oidc = { MAIL_OAUTH_PROVIDER: 'oidc', ...client, INBOUND_IMAP_URL: imap };
    expect(problemsOf({ ...oidc, MAIL_OAUTH_ISSUER: 'http://id.example.com' })).toEqual([
      'MAIL_OAUTH_ISSUER: https (plain http only on a loopback address)',
    ]);
    expect(problemsOf({ ...oidc, MAIL_OAUTH_ISSUER: 'http://127.0.0.1:9000' })).toEqual([]);
    const config = new AppConfig(validateEnvironment({ ...oidc, MAIL_OAUTH_ISSUER: 'https://id.example.com' }));
    expect(config.mail.oauth).toEqual({
      provider: 'oidc',
      issuer: 'https://id.example.com',
      clientId: 'app',
      clientSecret: 'secret',
      tenant: 'organizations',
      scopes: undefined,
      address: 'support@example.com',
    });
    expect(new AppConfig(validateEnvironment({ INBOUND_IMAP_URL: imap })).mail.oauth).toBeUndefined();
  });

  it('asks single sign-on for all three OIDC settings, an https issuer, and password sign-in off only with it', () => {
    expect(problemsOf({ OIDC_ISSUER: 'https://id.example.com' })).toEqual([
      'OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none',
    ]);
    const sso = { OIDC_ISSUER: 'http://id.example.com', OIDC_CLIENT_ID: 'console', OIDC_CLIENT_SECRET: 'secret' };
    expect(problemsOf(sso)).toEqual(['OIDC_ISSUER: https (plain http only on a loopback address)']);
    expect(problemsOf({ STAFF_PASSWORD_SIGN_IN: 'off' })).toEqual([
      'STAFF_PASSWORD_SIGN_IN: "off" needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)',
    ]);
    const config = new AppConfig(
      validateEnvironment({ ...sso, OIDC_ISSUER: 'https://id.example.com', OIDC_TRUST_MFA: 'true' }),
    );
    expect(config.staffAuth.sso).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'console',
      clientSecret: 'secret',
      createAccounts: false,
      trustMfa: true,
    });
    expect(config.staffAuth.passwordSignIn).toBe(true);
    expect(new AppConfig(validateEnvironment({})).staffAuth.sso).toBeUndefined();
  });

  describe('PUBLIC_URL in production', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    const sso = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 'secret' };
    const mailbox = {
      MAIL_OAUTH_PROVIDER: 'google',
      MAIL_OAUTH_CLIENT_ID: 'app',
      MAIL_OAUTH_CLIENT_SECRET: 'secret',
      SMTP_URL: 'smtps://support%40example.com@smtp.gmail.com:465',
    };

    it('is required for single sign-on and an OAuth2 mailbox, in one line naming what needs it', () => {
      expect(problemsOf({ ...production, ...sso })).toEqual([
        'PUBLIC_URL: required when NODE_ENV=production with single sign-on (OIDC_*) (redirect URIs must not come from the Host header)',
      ]);
      expect(problemsOf({ ...production, ...mailbox })).toEqual([
        'PUBLIC_URL: required when NODE_ENV=production with MAIL_OAUTH_* (redirect URIs must not come from the Host header)',
      ]);
      expect(problemsOf({ ...production, ...sso, ...mailbox })).toHaveLength(1);
      expect(problemsOf({ ...production, ...sso, ...mailbox, PUBLIC_URL: 'https://intake.example.com' })).toEqual([]);
    });

    it("is not required without them, nor in development (which keeps the request's Host)", () => {
      expect(problemsOf(production)).toEqual([]);
      expect(problemsOf({ ...sso, ...mailbox })).toEqual([]);
    });
  });

  it('normalises BASE_PATH and parses JWT_PREVIOUS_SECRETS', () => {
    const config = new AppConfig(validateEnvironment({ BASE_PATH: 'api/', JWT_PREVIOUS_SECRETS: ' a , b ,' }));
    expect(config.http.basePath).toBe('/api');
    expect(config.auth.jwtPreviousSecrets).toEqual(['a', 'b']);
  });

  it('is documented in .env.example, setting for setting', () => {
    const documented = readFileSync('.env.example', 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => line.split('=')[0]);
    expect(documented.sort()).toEqual(settingNames().sort());
  });
});
