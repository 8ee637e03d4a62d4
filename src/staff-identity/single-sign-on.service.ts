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
import { SignInOutcome, StaffSignIn } from '../staff-accounts/staff-sign-in.service';
import { normalizeStaffEmail } from '../staff-accounts/staff-email';
import { isEntraIssuer } from './entra-issuers';

/** How long the provider's sign-in may take. */
export const SSO_PENDING_SECONDS = 600;

/** A sign-in begun here: the PKCE verifier, the nonce, and the hash of the browser's ci_sso cookie. */
interface PendingSignIn {
  verifier: string;
  nonce: string;
  browser: string;
  redirectUri: string;
}

/**
 * Why a single sign-on did not sign anyone in. The console is sent the code alone (`?sso_error=`) and
 * says it in its own words (console/src/route-errors.ts): a link anyone can make must not put words of
 * theirs on the sign-in page. The message is for the log and the API's JSON answers.
 */
export const SINGLE_SIGN_ON_REFUSALS = [
  'not_begun_here',
  'provider_refused',
  'answer_unverified',
  'no_verified_address',
  'no_account',
  'not_set_up',
  'provider_unreachable',
] as const;
export type SingleSignOnRefusal = (typeof SINGLE_SIGN_ON_REFUSALS)[number];

export class SingleSignOnRefused extends Error {
  constructor(
    readonly code: SingleSignOnRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** The address as the provider sent it, for the audit: staff identity, kept as sent (cut to a sane length). */
const MAX_AUDITED_ADDRESS = 320;

/** What the ID token says about the person, once openid-client checked it. */
interface VouchedIdentity {
  /** The `email` claim as sent, or null when there is none. */
  sent: string | null;
  verified: boolean;
  name: string | null;
  amr: unknown[];
}

/**
 * Single sign-on with OpenID Connect (OIDC_*): discovery, the authorization-code flow with PKCE
 * (S256), a state used once and bound to the browser that began it (the ci_sso cookie, so nobody
 * can sign a victim in as themselves), a nonce, and the ID token verified by openid-client (issuer,
 * audience, expiry, nonce, and its signature against the provider's JWKS: see provider()). The
 * provider's verified e-mail signs in the active account with exactly that address once normalised
 * (staff-email.ts: no accent-, width- or invisible-character look-alike); an unknown one is refused
 * unless OIDC_CREATE_ACCOUNTS=agent. Every outcome's audit event keeps the address the provider sent.
 */
@Injectable()
export class SingleSignOnService {
  private readonly logger = new Logger(SingleSignOnService.name);
  private client?: Promise<Configuration>;
  private readonly prefix: string;

  constructor(
    private readonly config: AppConfig,
    private readonly signIns: StaffSignIn,
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
      throw new SingleSignOnRefused(
        'not_begun_here',
        'This sign-in was not begun in this browser or took over 10 minutes: try again',
      );
    }
    if (query.error) {
      // The provider's own words go to the log only (the console is sent the code: see SingleSignOnRefused).
      this.logger.warn(`The provider refused a single sign-on: ${JSON.stringify(query.error.slice(0, 100))}`);
      throw new SingleSignOnRefused(
        'provider_refused',
        `The provider did not sign you in (${query.error.slice(0, 100)})`,
      );
    }
    const client = await loadOpenIdClient();
    const configuration = await this.provider();
    let claims: Record<string, unknown>;
    try {
      const answered = answeredUrlOf(pending.redirectUri, query);
      const tokens = await client.authorizationCodeGrant(
        configuration,
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
      throw new SingleSignOnRefused('answer_unverified', "The provider's answer did not check out: try again");
    }
    const identity = identityOf(claims, configuration.serverMetadata().issuer);
    if (identity.sent === null || !identity.verified) {
      await this.refused(ip, identity.sent, null, 'address not verified');
      throw new SingleSignOnRefused(
        'no_verified_address',
        'The provider did not vouch for an e-mail address: ask it to share a verified one',
      );
    }
    const account = await this.accountOf(identity.sent, identity.name, ip);
    const twoFactors = settings!.trustMfa && identity.amr.includes('mfa');
    return this.signIns.signInVerified(account, ip, userAgent, 'sso', twoFactors, {
      provider_email: audited(identity.sent),
    });
  }

  /**
   * The active account of a verified address, compared exactly in its one spelling; made as an agent
   * when OIDC_CREATE_ACCOUNTS says so. An address with an invisible or control character is no staff
   * address: it matches nothing and makes nothing.
   */
  private async accountOf(sent: string, name: string | null, ip: string): Promise<StaffAccountEntity> {
    const email = normalizeStaffEmail(sent);
    const found = email === null ? null : await this.accounts.findByEmail(email);
    if (found && !found.disabledAt) {
      return found;
    }
    if (!found && email !== null && this.config.staffAuth.sso!.createAccounts) {
      const { account } = await this.accounts.create(
        { email, name: (name ?? email.split('@')[0]).slice(0, 100), role: 'agent' },
        { type: 'system', id: null, ip },
      );
      return account;
    }
    await this.refused(
      ip,
      sent,
      found,
      found ? 'account disabled' : email === null ? 'not a staff address' : 'unknown e-mail',
    );
    throw new SingleSignOnRefused(
      'no_account',
      'No active staff account has the address the provider gave: ask an admin',
    );
  }

  /** A refused single sign-on in the audit: why, and the address the provider sent (when it sent one). */
  private async refused(
    ip: string,
    sent: string | null,
    account: StaffAccountEntity | null,
    reason: string,
  ): Promise<void> {
    await this.audit.record(
      { type: 'staff', id: null, ip },
      {
        action: 'staff.login_failed',
        target: account ? { type: 'staff', id: account.id } : undefined,
        after: { reason, method: 'sso', ...(sent !== null ? { provider_email: audited(sent) } : {}) },
      },
    );
  }

  private provider(): Promise<Configuration> {
    const settings = this.config.staffAuth.sso;
    if (!settings) {
      return Promise.reject(new SingleSignOnRefused('not_set_up', 'Single sign-on is not set up here (OIDC_ISSUER)'));
    }
    this.client ??= discoverOpenIdProvider(settings.issuer, settings.clientId, settings.clientSecret)
      .then(async (configuration) => {
        // openid-client checks an ID token's JWS signature only when asked (a token from the token
        // endpoint came over TLS from the provider itself); asked here, as defence in depth, against
        // the provider's JWKS, which the configuration caches (fetched again for an unknown key id).
        (await loadOpenIdClient()).enableNonRepudiationChecks(configuration);
        return configuration;
      })
      // One catch for both steps: a failure forgets the promise, so the next sign-in tries again.
      .catch((error: unknown) => {
        this.client = undefined;
        throw new SingleSignOnRefused(
          'provider_unreachable',
          `The provider could not be reached: try again (${(error as Error).message})`,
        );
      });
    return this.client;
  }

  private keyOf(state: string): string {
    return `${this.prefix}:${sha256Hex(state)}`;
  }
}

/**
 * The ID token's word on who signed in. The address counts as verified by `email_verified: true`
 * (OpenID Connect), or by Microsoft Entra's `xms_edov: true` (the address's domain is one the tenant
 * verified; Entra sends no email_verified for work accounts) but only when the issuer is Entra's:
 * another provider may put any claim it likes in its tokens.
 */
function identityOf(claims: Record<string, unknown>, issuer: string): VouchedIdentity {
  const sent = typeof claims.email === 'string' ? claims.email : null;
  return {
    sent,
    verified: claims.email_verified === true || (claims.xms_edov === true && isEntraIssuer(issuer)),
    name: typeof claims.name === 'string' ? claims.name : null,
    amr: Array.isArray(claims.amr) ? (claims.amr as unknown[]) : [],
  };
}

function audited(sent: string): string {
  return sent.slice(0, MAX_AUDITED_ADDRESS);
}
