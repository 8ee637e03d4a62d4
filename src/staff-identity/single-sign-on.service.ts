import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Configuration } from 'openid-client';
import { AuditService } from '../audit/audit.service';
import { AppConfig } from '../config/app-config';
import { sha256Hex } from '../database/sha256';
import { answeredUrlOf, discoverOpenIdProvider, loadOpenIdClient } from '../http/openid-provider';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';
import { StaffAccountsService } from '../staff-accounts/staff-accounts.service';
import { SignInOutcome, StaffAuthService } from '../staff-accounts/staff-auth.service';

/** How long the provider's sign-in may take. */
export const SSO_PENDING_SECONDS = 600;

/** A sign-in begun here: the PKCE verifier, the nonce, and the hash of the browser's ci_sso cookie. */
interface PendingSignIn {
  verifier: string;
  nonce: string;
  browser: string;
  redirectUri: string;
}

/** Why a single sign-on did not sign anyone in, in words for the console. */
export class SingleSignOnRefused extends Error {}

/**
 * Single sign-on with OpenID Connect (OIDC_*): discovery, the authorization-code flow with PKCE
 * (S256), a state used once and bound to the browser that began it (the ci_sso cookie, so nobody
 * can sign a victim in as themselves), a nonce, and the ID token verified by openid-client (issuer,
 * audience, signature, expiry, nonce). The provider's verified e-mail signs in the active account
 * with that address; an unknown one is refused unless OIDC_CREATE_ACCOUNTS=agent.
 */
@Injectable()
export class SingleSignOnService {
  private readonly logger = new Logger(SingleSignOnService.name);
  private client?: Promise<Configuration>;
  private readonly prefix: string;

  constructor(
    private readonly config: AppConfig,
    private readonly auth: StaffAuthService,
    private readonly accounts: StaffAccountsService,
    private readonly audit: AuditService,
    @InjectRedis() private readonly redis: RedisClient,
  ) {
    this.prefix = `${config.redis.prefix}:sso`;
  }

  get enabled(): boolean {
    return this.config.staffAuth.sso !== undefined;
  }

  /** The provider's sign-in URL for this browser, and the value of its ci_sso cookie. */
  async start(origin: string): Promise<{ url: string; browser: string }> {
    const client = await loadOpenIdClient();
    const configuration = await this.provider();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const browser = randomBytes(32).toString('base64url');
    const redirectUri = `${this.config.staffAuth.publicOrigin ?? origin}${this.config.http.basePath}/staff/sso/callback`;
    const pending: PendingSignIn = { verifier, nonce, browser: sha256Hex(browser), redirectUri };
    await this.redis.set(this.keyOf(state), JSON.stringify(pending), 'EX', SSO_PENDING_SECONDS);
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, browser };
  }

  /**
   * The provider's answer: the code exchanged and the ID token checked, then the account of its
   * verified address signed in (a session, or a challenge for its second factor). Throws
   * SingleSignOnRefused with words for the console.
   */
  async finish(
    query: Record<string, string | undefined>,
    browser: string | undefined,
    ip: string,
    userAgent: string | undefined,
  ): Promise<SignInOutcome> {
    const settings = this.config.staffAuth.sso;
    const stored = settings && query.state ? await this.redis.getdel(this.keyOf(query.state)) : null;
    const pending = stored ? (JSON.parse(stored) as PendingSignIn) : null;
    if (!pending || !browser || sha256Hex(browser) !== pending.browser) {
      throw new SingleSignOnRefused('This sign-in was not begun in this browser or took over 10 minutes: try again');
    }
    if (query.error) {
      throw new SingleSignOnRefused(`The provider did not sign you in (${query.error.slice(0, 100)})`);
    }
    const client = await loadOpenIdClient();
    let claims: Record<string, unknown>;
    try {
      const answered = answeredUrlOf(pending.redirectUri, query);
      const tokens = await client.authorizationCodeGrant(
        await this.provider(),
        answered,
        {
          pkceCodeVerifier: pending.verifier,
          expectedState: query.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
        { redirect_uri: pending.redirectUri },
      );
      claims = tokens.claims() ?? {};
    } catch (error) {
      this.logger.warn(`A single sign-on's answer did not check out: ${(error as Error).message}`);
      throw new SingleSignOnRefused("The provider's answer did not check out: try again");
    }
    // email_verified (OpenID Connect), or Microsoft Entra's xms_edov (the address's domain is one the
    // tenant verified): Entra sends no email_verified for work accounts.
    if (typeof claims.email !== 'string' || (claims.email_verified !== true && claims.xms_edov !== true)) {
      throw new SingleSignOnRefused('The provider did not vouch for an e-mail address: ask it to share a verified one');
    }
    const account = await this.accountOf(claims.email, typeof claims.name === 'string' ? claims.name : null, ip);
    const amr = Array.isArray(claims.amr) ? claims.amr : [];
    const twoFactors = settings!.trustMfa && amr.includes('mfa');
    return this.auth.signInVerified(account, ip, userAgent, 'sso', twoFactors);
  }

  /** The active account of a verified address, made as an agent when OIDC_CREATE_ACCOUNTS says so. */
  private async accountOf(email: string, name: string | null, ip: string): Promise<StaffAccountEntity> {
    const found = await this.accounts.findByEmail(email);
    if (found && !found.disabledAt) {
      return found;
    }
    if (!found && this.config.staffAuth.sso!.createAccounts) {
      const { account } = await this.accounts.create(
        { email, name: (name ?? email.split('@')[0]).slice(0, 100), role: 'agent' },
        { type: 'system', id: null, ip },
      );
      return account;
    }
    await this.audit.record(
      { type: 'staff', id: null, ip },
      {
        action: 'staff.login_failed',
        target: found ? { type: 'staff', id: found.id } : undefined,
        after: { reason: found ? 'account disabled' : 'unknown e-mail', method: 'sso' },
      },
    );
    throw new SingleSignOnRefused('No active staff account has the address the provider gave: ask an admin');
  }

  private provider(): Promise<Configuration> {
    const settings = this.config.staffAuth.sso;
    if (!settings) {
      return Promise.reject(new SingleSignOnRefused('Single sign-on is not set up here (OIDC_ISSUER)'));
    }
    this.client ??= discoverOpenIdProvider(settings.issuer, settings.clientId, settings.clientSecret).catch(
      (error: unknown) => {
        this.client = undefined;
        throw new SingleSignOnRefused(`The provider could not be reached: try again (${(error as Error).message})`);
      },
    );
    return this.client;
  }

  private keyOf(state: string): string {
    return `${this.prefix}:${sha256Hex(state)}`;
  }
}
