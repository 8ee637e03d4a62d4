import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Actor, staffActor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { sha256Hex } from '../database/sha256';
import { ApiException } from '../http/api-exception';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { MailboxConnectView, MailboxView } from './dto/mailbox.views';
import { answeredUrlOf, loadOpenIdClient } from '../http/openid-provider';
import { accountsOfGrant, requestOf } from './mail-oauth-providers';
import { MailboxConnectionsRepository } from './mailbox-connections.repository';
import { MailboxCredentials } from './mailbox-credentials';

/** How long the provider's consent screen may take: the pending authorization (and its cookie) is forgotten after it. */
export const PENDING_SECONDS = 10 * 60;

export const NOT_OAUTH =
  'MAIL_OAUTH_PROVIDER is not set: the mailbox signs in with the password of INBOUND_IMAP_URL / SMTP_URL';

/**
 * Why a connection did not happen, as the callback tells the console (`?mailbox_error=<code>`): a code
 * from this fixed list, never words from the request or the provider, which the console could be
 * made to show (the console has a sentence for each).
 */
export type MailboxConnectError =
  | 'not_oauth'
  | 'not_begun_here'
  | 'not_granted'
  | 'code_refused'
  | 'no_refresh_token'
  | 'unknown_account'
  | 'wrong_account';

/**
 * A connection begun by an admin, kept in Redis under the SHA-256 of its state for PENDING_SECONDS:
 * its PKCE verifier, the admin, and the SHA-256 of the admin's browser's ci_mailbox cookie.
 */
interface PendingAuthorization {
  verifier: string;
  accountId: string;
  browser: string;
  redirectUri: string;
}

/**
 * Connecting the mailbox (Settings, Mailbox, "Connect" in the console): the OAuth 2.0
 * authorization-code flow with PKCE (S256) and a state that is used once, against MAIL_OAUTH_PROVIDER.
 * The provider sends the admin's browser back to the callback, which needs both the state and the
 * ci_mailbox cookie set for it on that admin's browser when the flow began (the SameSite=Strict
 * session cookie does not come along on a redirect from another site, so the state alone would let
 * anyone who got an admin's link, or pushed their own grant's callback into an admin's browser, finish
 * it). The grant must be for the configured mailbox (the provider's word on its account, see
 * accountsOfGrant); then the code becomes a grant whose refresh token is stored sealed.
 */
@Injectable()
export class MailboxConnectService {
  private readonly logger = new Logger(MailboxConnectService.name);
  private readonly prefix: string;

  constructor(
    private readonly config: AppConfig,
    private readonly credentials: MailboxCredentials,
    private readonly connections: MailboxConnectionsRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @InjectRedis() private readonly redis: RedisClient,
  ) {
    this.prefix = `${config.redis.prefix}:mailboxauth`;
  }

  /** The redirect URI to register at the provider: PUBLIC_URL's origin, else the request's. */
  redirectUriFor(requestOrigin: string): string {
    return `${this.config.staffAuth.publicOrigin ?? requestOrigin}${this.config.http.basePath}/staff/api/mailbox/callback`;
  }

  /** Where the callback sends the admin's browser: the console's Settings page, saying how it went. */
  consoleUrlFor(requestOrigin: string, outcome: { connected: true } | { error: MailboxConnectError }): string {
    const query = 'error' in outcome ? `mailbox_error=${outcome.error}` : 'mailbox=connected';
    return `${this.config.staffAuth.publicOrigin ?? requestOrigin}${this.config.http.basePath}/staff/#/settings?${query}`;
  }

  async view(): Promise<MailboxView> {
    const { imapUrl, smtpUrl } = this.config.mail;
    const oauth = this.credentials.oauth;
    const row = await this.connections.find();
    const nothing = { last_poll_at: null, last_error: null, connected_at: null };
    if (!imapUrl && !smtpUrl) {
      return { state: 'not_configured', auth: null, provider: null, address: null, ...nothing };
    }
    if (oauth) {
      const grant = this.credentials.isGrant(row) ? row : null;
      return {
        state: grant?.state ?? 'not_configured',
        auth: 'oauth2',
        provider: oauth.provider,
        address: oauth.address,
        last_poll_at: grant?.lastPollAt?.toISOString() ?? null,
        last_error: grant?.lastError ?? null,
        connected_at: grant?.connectedAt?.toISOString() ?? null,
      };
    }
    const url = new URL((imapUrl ?? smtpUrl)!);
    const mine = row?.auth === 'password' ? row : null;
    return {
      state: mine?.state ?? 'connected',
      auth: 'password',
      provider: null,
      address: decodeURIComponent(url.username) || null,
      last_poll_at: mine?.lastPollAt?.toISOString() ?? null,
      last_error: mine?.lastError ?? null,
      connected_at: null,
    };
  }

  /**
   * Begins a connection: the provider's authorization URL for the admin's browser, and the value of
   * the ci_mailbox cookie that binds the flow to that browser.
   */
  async start(accountId: string, requestOrigin: string): Promise<{ view: MailboxConnectView; browser: string }> {
    const settings = this.credentials.oauth;
    if (!settings) {
      throw new ApiException(HttpStatus.CONFLICT, NOT_OAUTH);
    }
    const client = await loadOpenIdClient();
    const configuration = await this.reachProvider();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const redirectUri = this.redirectUriFor(requestOrigin);
    const browser = randomBytes(32).toString('base64url');
    const pending: PendingAuthorization = { verifier, accountId, browser: sha256Hex(browser), redirectUri };
    await this.redis.set(this.keyOf(state), JSON.stringify(pending), 'EX', PENDING_SECONDS);
    const { scopes, parameters } = requestOf(settings);
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: scopes.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      login_hint: settings.address,
      ...parameters,
    });
    return { view: { authorization_url: url.href, redirect_uri: redirectUri }, browser };
  }

  /**
   * The provider's answer, in the browser that began the flow (`browser`: its ci_mailbox cookie): the
   * code exchanged (with the verifier, for the redirect URI the flow began with) for a grant, which is
   * stored sealed if it is the configured mailbox's. Answers the console URL to send the browser to,
   * saying how it went; a refusal stores nothing.
   */
  async finish(
    query: Record<string, string | undefined>,
    browser: string | undefined,
    requestOrigin: string,
    ip: string | null,
  ): Promise<string> {
    const settings = this.credentials.oauth;
    if (!settings) {
      return this.consoleUrlFor(requestOrigin, { error: 'not_oauth' });
    }
    const stored = query.state ? await this.redis.getdel(this.keyOf(query.state)) : null;
    const pending = stored ? (JSON.parse(stored) as PendingAuthorization) : null;
    if (!pending || !browser || sha256Hex(browser) !== pending.browser) {
      return this.consoleUrlFor(requestOrigin, { error: 'not_begun_here' });
    }
    if (query.error) {
      // The provider's own code (RFC 6749 4.1.2.1) is logged, not passed on: the console says it in its words.
      this.logger.warn(`The provider did not grant access to the mailbox: ${query.error.slice(0, 100)}`);
      return this.consoleUrlFor(requestOrigin, { error: 'not_granted' });
    }
    const client = await loadOpenIdClient();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      const answered = answeredUrlOf(pending.redirectUri, query);
      tokens = await client.authorizationCodeGrant(
        await this.reachProvider(),
        answered,
        { pkceCodeVerifier: pending.verifier, expectedState: query.state },
        { redirect_uri: pending.redirectUri },
      );
    } catch (error) {
      const { error: code, message } = error as { error?: unknown; message?: string };
      this.logger.warn(
        `A mailbox connection failed at the token endpoint: ${typeof code === 'string' ? code : message}`,
      );
      return this.consoleUrlFor(requestOrigin, { error: 'code_refused' });
    }
    if (!tokens.refresh_token) {
      return this.consoleUrlFor(requestOrigin, { error: 'no_refresh_token' });
    }
    const accounts = accountsOfGrant(settings, tokens);
    if (!accounts.includes(settings.address.trim().toLowerCase())) {
      // Which account it was is personal data: the log says only that it was another one.
      this.logger.warn(
        accounts.length === 0
          ? 'A mailbox connection was refused: the provider did not say which account granted it'
          : 'A mailbox connection was refused: the grant is for another account than the configured mailbox',
      );
      await this.revoke(tokens.refresh_token);
      return this.consoleUrlFor(requestOrigin, { error: accounts.length === 0 ? 'unknown_account' : 'wrong_account' });
    }
    const now = this.clock.nowMs();
    await this.connections.locked(async (_row, tx) => {
      await this.connections.save(
        {
          id: '',
          auth: settings.provider,
          address: settings.address,
          state: 'connected',
          refreshToken: tokens.refresh_token!,
          accessToken: tokens.access_token,
          accessExpiresAt: new Date(now + (tokens.expires_in ?? 3600) * 1000),
          encKeyId: null,
          lastPollAt: null,
          lastError: null,
          connectedAt: new Date(now),
          connectedBy: pending.accountId,
          updatedAt: new Date(now),
        },
        tx,
      );
      await this.audit.record(
        staffActor(pending.accountId, ip),
        { action: 'mailbox.connected', after: { provider: settings.provider, address: settings.address } },
        tx,
      );
    });
    return this.consoleUrlFor(requestOrigin, { connected: true });
  }

  /** Forgets the grant (revoked at the provider when it offers revocation): the mailbox is not polled until connected again. */
  async disconnect(actor: Actor): Promise<void> {
    const settings = this.credentials.oauth;
    if (!settings) {
      throw new ApiException(HttpStatus.CONFLICT, NOT_OAUTH);
    }
    const row = await this.connections.find();
    if (!this.credentials.isGrant(row)) {
      return;
    }
    await this.connections.locked(async (_row, tx) => {
      await this.connections.remove(tx);
      await this.audit.record(actor, { action: 'mailbox.disconnected', before: { provider: row.auth } }, tx);
    });
    await this.revoke(row.refreshToken);
  }

  /** Revokes a grant at the provider, when it offers revocation; one that cannot be revoked lapses there. */
  private async revoke(refreshToken: string): Promise<void> {
    try {
      const client = await loadOpenIdClient();
      const configuration = await this.credentials.oauthClient();
      if (configuration.serverMetadata().revocation_endpoint) {
        await client.tokenRevocation(configuration, refreshToken);
      }
    } catch (error) {
      // Forgotten here all the same; the grant then lapses at the provider.
      this.logger.warn(`The grant could not be revoked at the provider: ${(error as Error).message}`);
    }
  }

  private async reachProvider() {
    try {
      return await this.credentials.oauthClient();
    } catch (error) {
      this.logger.warn(`The mail OAuth2 provider could not be reached: ${(error as Error).message}`);
      throw new ApiException(HttpStatus.BAD_GATEWAY, 'The OAuth2 provider could not be reached: try again', {});
    }
  }

  private keyOf(state: string): string {
    return `${this.prefix}:${sha256Hex(state)}`;
  }
}
