import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Min } from 'class-validator';
import { declareSettings, emptyToUndefined, isLoopbackName, Setting, toInt } from '../config/settings';
import type { AppConfig } from '../config/app-config';
import type { EnvironmentVariables } from '../config/environment';

/** The settings of mail/: each one's rules, default and description. */
export class MailSettings {
  @Setting({
    description:
      "the SMTP server replies, acknowledgements and notices go through (alone it enables replies), e.g. `smtp://user:pass@mail:587`; the API sends staff password reset links through it too (without it an admin's reset gives a one-time password instead)",
    readBy: 'worker, API',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['smtp', 'smtps'], require_tld: false, require_protocol: true })
  SMTP_URL?: string;

  @Setting({
    description: "the sender of replies and acknowledgements (a key's `reply_from` overrides it)",
    readBy: 'worker',
    secret: false,
    shownDefault: '`STAFF_EMAIL_FROM`, else `contact-intake@localhost`',
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({ require_tld: false })
  REPLY_FROM?: string;

  @Setting({
    description:
      'the mailbox customers answer to (`support@example.com`): replies carry `Reply-To: support+<token>@example.com`, which threads the answer back',
    readBy: 'all',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({ require_tld: false })
  INBOUND_ADDRESS?: string;

  @Setting({
    description:
      "`imaps://user:pass@host/INBOX`: workers poll it for customers' answers (`imap://` has no TLS at all: loopback and tests only); with `MAIL_OAUTH_PROVIDER`, no password",
    readBy: 'worker',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['imap', 'imaps'], require_tld: false, require_protocol: true })
  INBOUND_IMAP_URL?: string;

  @Setting({ description: 'seconds between two polls', readBy: 'worker', secret: false })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  INBOUND_POLL_INTERVAL = 30;

  @Setting({
    description:
      '`microsoft`, `google` or `oidc`: IMAP and SMTP sign in with the OAuth2 grant an admin connects in the console (see "Microsoft 365 and Google mailboxes (OAuth2)" under [Replies and inbound mail](#replies-and-inbound-mail))',
    readBy: 'both',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['microsoft', 'google', 'oidc'])
  MAIL_OAUTH_PROVIDER?: 'microsoft' | 'google' | 'oidc';

  @Setting({ description: '`oidc`: the issuer URL (https; http only on loopback)', readBy: 'both', secret: false })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  MAIL_OAUTH_ISSUER?: string;

  @Setting({
    description: 'the application (client) id registered at the provider (required with `MAIL_OAUTH_PROVIDER`)',
    readBy: 'both',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MAIL_OAUTH_CLIENT_ID?: string;

  @Setting({
    description: "that application's client secret (required with `MAIL_OAUTH_PROVIDER`)",
    readBy: 'both',
    secret: true,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MAIL_OAUTH_CLIENT_SECRET?: string;

  @Setting({
    description: 'Microsoft: the directory (tenant) id or domain of the mailbox',
    readBy: 'both',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9.-]{1,100}$/)
  MAIL_OAUTH_TENANT = 'organizations';

  @Setting({
    description: "space-separated scopes instead of the preset's",
    readBy: 'both',
    secret: false,
    shownDefault: "the provider's",
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MAIL_OAUTH_SCOPES?: string;

  @Setting({
    description:
      'the largest inbound message taken (the route answers 413 above it; IMAP marks and skips it); room for one file of `ATTACHMENT_MAX_BYTES` in base64, a third larger, with its text',
    readBy: 'all',
    secret: false,
    shownDefault: '`41943040` (40 MiB)',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  INBOUND_MAX_BYTES = 40 * 1024 * 1024;

  @Setting({
    description:
      'the time one inbound message may take to parse, on its worker thread; past it the thread is stopped and the message is kept as unreadable (`too_slow`)',
    readBy: 'API, worker',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(100)
  INBOUND_PARSE_TIMEOUT_MS = 10_000;

  @Setting({
    description:
      'the heap one parsing thread may use; past it the thread dies and the message is kept as unreadable (`too_much_memory`)',
    readBy: 'API, worker',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(32)
  INBOUND_PARSE_MEMORY_MB = 256;

  @Setting({
    description:
      'threads that parse inbound mail, per process, started with the first message (more messages wait for a thread, 64 at most: then the route answers 503 with `Retry-After`); keep one core for the event loop',
    readBy: 'API, worker',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  INBOUND_PARSE_THREADS = 1;

  @Setting({
    description:
      'bytes of inbound messages a process holds at once, waiting for a thread or being parsed and taken, each counted at its raw size (a message larger than the budget is taken alone); one that does not fit beside those held waits where it costs nothing: the route answers 503 with `Retry-After: 5` (providers send it again), IMAP leaves it on the server for the next poll. The [performance record](performance.md) gives what a process peaks at',
    readBy: 'API, worker',
    secret: false,
    shownDefault: '`134217728` (128 MiB)',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1024 * 1024)
  INBOUND_MEMORY_BUDGET = 128 * 1024 * 1024;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends MailSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    /**
     * Mail with the people who wrote: replies go out by SMTP from `replyFrom`; answers come back to
     * `inboundAddress` (plus-addressed per submission) through the IMAP mailbox and/or the webhook route.
     */
    readonly mail: {
      smtpUrl?: string;
      replyFrom: string;
      inboundAddress?: string;
      imapUrl?: string;
      pollInterval: number;
      /** The budget of parsing one inbound message on a worker thread. */
      parse: { timeoutMs: number; memoryMb: number; threads: number };
      /** INBOUND_MEMORY_BUDGET: bytes of inbound messages held at once (waiting, parsing, being taken). */
      memoryBudget: number;
      inboundMaxBytes: number;
      /**
       * OAuth2 for IMAP and SMTP (MAIL_OAUTH_*): the provider and its client; `address` is the mailbox,
       * the user of INBOUND_IMAP_URL (else of SMTP_URL). Undefined: the URLs carry passwords.
       */
      oauth?: {
        provider: 'microsoft' | 'google' | 'oidc';
        /** MAIL_OAUTH_PROVIDER=oidc: the issuer whose discovery document is read. */
        issuer?: string;
        clientId: string;
        clientSecret: string;
        /** Microsoft's tenant (directory id or domain, or `organizations`). */
        tenant: string;
        /** MAIL_OAUTH_SCOPES, split; undefined: the provider's preset. */
        scopes?: string[];
        address: string;
      };
    };
  }
}

export const mailSettings = declareSettings({
  room: 'mail',
  variables: MailSettings,
  config: (env) => ({
    mail: {
      smtpUrl: env.SMTP_URL,
      replyFrom: env.REPLY_FROM ?? env.STAFF_EMAIL_FROM ?? 'contact-intake@localhost',
      inboundAddress: env.INBOUND_ADDRESS,
      imapUrl: env.INBOUND_IMAP_URL,
      pollInterval: env.INBOUND_POLL_INTERVAL,
      inboundMaxBytes: env.INBOUND_MAX_BYTES,
      oauth: mailOAuthOf(env),
      parse: {
        timeoutMs: env.INBOUND_PARSE_TIMEOUT_MS,
        memoryMb: env.INBOUND_PARSE_MEMORY_MB,
        threads: env.INBOUND_PARSE_THREADS,
      },
      memoryBudget: env.INBOUND_MEMORY_BUDGET,
    },
  }),
  problems: (env) => mailOAuthProblems(env),
});

/**
 * MAIL_OAUTH_*: the provider's client, an issuer for `oidc`, and mailbox URLs naming host, port and
 * user but no password (the connected grant authenticates both).
 */
function mailOAuthProblems(env: EnvironmentVariables): string[] {
  const problems: string[] = [];
  if (!env.MAIL_OAUTH_PROVIDER) {
    return problems;
  }
  for (const name of ['MAIL_OAUTH_CLIENT_ID', 'MAIL_OAUTH_CLIENT_SECRET'] as const) {
    if (!env[name]) {
      problems.push(`${name}: required when MAIL_OAUTH_PROVIDER is set`);
    }
  }
  if (env.MAIL_OAUTH_PROVIDER === 'oidc') {
    if (!env.MAIL_OAUTH_ISSUER) {
      problems.push('MAIL_OAUTH_ISSUER: required when MAIL_OAUTH_PROVIDER=oidc');
    } else {
      const issuer = URL.parse(env.MAIL_OAUTH_ISSUER);
      if (issuer?.protocol === 'http:' && !isLoopbackName(issuer.hostname)) {
        problems.push('MAIL_OAUTH_ISSUER: https (plain http only on a loopback address)');
      }
    }
  }
  if (!env.INBOUND_IMAP_URL && !env.SMTP_URL) {
    problems.push('MAIL_OAUTH_PROVIDER: set INBOUND_IMAP_URL and/or SMTP_URL (host, port and the mailbox as user)');
  }
  for (const name of ['INBOUND_IMAP_URL', 'SMTP_URL'] as const) {
    const value = env[name];
    if (!value) {
      continue;
    }
    const url = URL.parse(value);
    if (!url) {
      continue; // its own validation says so
    }
    if (url.password) {
      problems.push(`${name}: no password with MAIL_OAUTH_PROVIDER (the connected grant authenticates)`);
    }
    if (!url.username) {
      problems.push(`${name}: name the mailbox as user (imaps://support%40example.com@host) with MAIL_OAUTH_PROVIDER`);
    }
  }
  return problems;
}

/** The OAuth2 client of the mailbox (see AppConfig.mail.oauth). */
function mailOAuthOf(env: EnvironmentVariables): AppConfig['mail']['oauth'] {
  if (!env.MAIL_OAUTH_PROVIDER || !env.MAIL_OAUTH_CLIENT_ID || !env.MAIL_OAUTH_CLIENT_SECRET) {
    return undefined;
  }
  const mailboxUrl = env.INBOUND_IMAP_URL ?? env.SMTP_URL;
  return {
    provider: env.MAIL_OAUTH_PROVIDER,
    issuer: env.MAIL_OAUTH_ISSUER,
    clientId: env.MAIL_OAUTH_CLIENT_ID,
    clientSecret: env.MAIL_OAUTH_CLIENT_SECRET,
    tenant: env.MAIL_OAUTH_TENANT,
    scopes: env.MAIL_OAUTH_SCOPES?.split(/\s+/).filter(Boolean),
    address: mailboxUrl ? decodeURIComponent(new URL(mailboxUrl).username) : '',
  };
}
