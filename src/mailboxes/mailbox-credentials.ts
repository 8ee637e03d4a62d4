import { Injectable, Logger } from '@nestjs/common';
import type { Configuration } from 'openid-client';
import { Clock } from '../clock/clock';
import { AppConfig, MailOAuthSettings } from '../config/app-config';
import { MailboxConnectionEntity } from './entities/mailbox-connection.entity';
import { loadOpenIdClient } from '../http/openid-provider';
import { oauthClientOf } from './mail-oauth-providers';
import { MailboxConnectionsRepository } from './mailbox-connections.repository';

/** An access token is renewed when it has less than this to live: a poll or a send never starts with one about to die. */
export const RENEW_BEFORE_MS = 5 * 60_000;
/** Assumed when the provider does not say how long a token lives (RFC 6749 makes expires_in optional). */
const DEFAULT_LIFETIME_S = 3600;

/** The OAuth2 mailbox has no usable grant (never connected, or it needs reconnecting): nothing to sign in with. */
export class MailboxNotConnectedError extends Error {
  constructor(why: string) {
    super(`The mailbox is not connected: ${why}`);
  }
}

/** How IMAP and SMTP sign in to an OAuth2 mailbox (SASL XOAUTH2 / OAUTHBEARER). */
export interface MailboxBearer {
  user: string;
  accessToken: string;
}

/** A refusal as the provider words it (RFC 6749 section 5.2), never with a token in it. */
function refusalOf(error: unknown): string | null {
  const { error: code, error_description: description } = (error ?? {}) as {
    error?: unknown;
    error_description?: unknown;
  };
  if (typeof code !== 'string') {
    return null;
  }
  return `The provider refused the grant (${code}${typeof description === 'string' ? `: ${description}` : ''})`;
}

/**
 * The credentials of the mailbox for mail/ (the IMAP poller, the SMTP sender): with MAIL_OAUTH_PROVIDER,
 * an access token of the grant an admin connected, refreshed RENEW_BEFORE_MS before it expires and
 * again when a server refuses it; and what each sign-in found, for GET /staff/api/mailbox and the
 * `mailbox_connected` gauge. A grant the provider refuses (revoked, expired) turns the mailbox to
 * `needs_reconnect` with the provider's words: polling then stops quietly until an admin connects it
 * again, never a loop of failing sign-ins.
 */
@Injectable()
export class MailboxCredentials {
  private readonly logger = new Logger(MailboxCredentials.name);
  private client?: Promise<Configuration>;

  constructor(
    private readonly config: AppConfig,
    private readonly connections: MailboxConnectionsRepository,
    private readonly clock: Clock,
  ) {}

  /** The OAuth2 settings, when the mailbox signs in with a grant. */
  get oauth(): MailOAuthSettings | undefined {
    return this.config.mail.oauth;
  }

  /** The provider's client, made once (a discovery that failed is tried again next time). */
  oauthClient(): Promise<Configuration> {
    const settings = this.oauth;
    if (!settings) {
      return Promise.reject(new Error('MAIL_OAUTH_PROVIDER is not set'));
    }
    this.client ??= oauthClientOf(settings).catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  /** Whether this row holds a grant of the configured provider. */
  isGrant(row: MailboxConnectionEntity | null): row is MailboxConnectionEntity & { refreshToken: string } {
    return row !== null && row.auth === this.oauth?.provider && typeof row.refreshToken === 'string';
  }

  /**
   * The token to sign in with: the stored one while it has RENEW_BEFORE_MS to live, else a fresh one.
   * `refused`: the token a server just refused, renewed whatever its expiry says (unless another
   * process already replaced it). Throws MailboxNotConnectedError without a usable grant.
   */
  async bearer(refused?: string): Promise<MailboxBearer> {
    const settings = this.oauth;
    if (!settings) {
      throw new MailboxNotConnectedError('MAIL_OAUTH_PROVIDER is not set');
    }
    const row = await this.connections.find();
    const current = this.usableToken(row, refused);
    if (current) {
      return { user: settings.address, accessToken: current };
    }
    const outcome = await this.connections.locked(async (locked, tx) => {
      // Another process may have refreshed while this one waited for the lock.
      const fresh = this.usableToken(locked, refused);
      if (fresh || !this.isGrant(locked) || locked.state !== 'connected') {
        return { token: fresh, refusal: locked?.lastError ?? undefined };
      }
      const client = await loadOpenIdClient();
      try {
        const tokens = await client.refreshTokenGrant(await this.oauthClient(), locked.refreshToken);
        const now = this.clock.nowMs();
        await this.connections.save(
          {
            ...locked,
            accessToken: tokens.access_token,
            // A provider that rotates refresh tokens sends the next one; one that does not keeps the first.
            refreshToken: tokens.refresh_token ?? locked.refreshToken,
            accessExpiresAt: new Date(now + (tokens.expires_in ?? DEFAULT_LIFETIME_S) * 1000),
            updatedAt: new Date(now),
          },
          tx,
        );
        return { token: tokens.access_token };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal === null) {
          throw error; // the provider could not be reached: the next poll or send tries again
        }
        await this.connections.save(
          { ...locked, state: 'needs_reconnect', lastError: refusal.slice(0, 500), updatedAt: this.clock.now() },
          tx,
        );
        return { token: undefined, refusal, refusedNow: true };
      }
    });
    if (!outcome.token) {
      if ('refusedNow' in outcome) {
        this.logger.warn(`${outcome.refusal}: the mailbox needs reconnecting in the console`);
      }
      throw new MailboxNotConnectedError(outcome.refusal ?? 'connect it in the console (Settings, Mailbox)');
    }
    return { user: settings.address, accessToken: outcome.token };
  }

  /**
   * A server refused even a token just renewed: the grant does not give this mailbox (wrong account,
   * IMAP or SMTP switched off for it). The mailbox needs reconnecting; polling stops.
   */
  async refused(what: string): Promise<void> {
    this.logger.warn(`${what}: the mailbox needs reconnecting in the console`);
    await this.connections.recordOutcome({ state: 'needs_reconnect', lastError: what.slice(0, 500) }, this.clock.now());
  }

  /** A poll signed in and read the mailbox. */
  async polled(): Promise<void> {
    await this.recordPasswordMailbox();
    const now = this.clock.now();
    await this.connections.recordOutcome({ lastPollAt: now, lastError: null, state: 'connected' }, now);
  }

  /** A password mailbox's sign-in was refused (wrong password): shown until a poll works again. */
  async passwordRefused(what: string): Promise<void> {
    await this.recordPasswordMailbox();
    await this.connections.recordOutcome({ state: 'needs_reconnect', lastError: what.slice(0, 500) }, this.clock.now());
  }

  private usableToken(row: MailboxConnectionEntity | null, refused?: string): string | undefined {
    if (!this.isGrant(row) || row.state !== 'connected' || !row.accessToken || row.accessToken === refused) {
      return undefined;
    }
    const left = (row.accessExpiresAt?.getTime() ?? 0) - this.clock.nowMs();
    return left > RENEW_BEFORE_MS ? row.accessToken : undefined;
  }

  /** A password mailbox gets its row with its first outcome (an OAuth2 one gets it when connected). */
  private async recordPasswordMailbox(): Promise<void> {
    if (this.oauth) {
      return;
    }
    const row = await this.connections.find();
    if (row?.auth === 'password') {
      return;
    }
    const url = this.config.mail.imapUrl ?? this.config.mail.smtpUrl;
    await this.connections.save({
      id: '',
      auth: 'password',
      address: url ? decodeURIComponent(new URL(url).username) : '',
      state: 'connected',
      refreshToken: null,
      accessToken: null,
      accessExpiresAt: null,
      encKeyId: null,
      lastPollAt: null,
      lastError: null,
      connectedAt: null,
      connectedBy: null,
      updatedAt: this.clock.now(),
    });
  }
}
