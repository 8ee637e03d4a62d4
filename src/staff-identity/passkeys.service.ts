import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { isDuplicateKey } from '../database/duplicate-key';
import { sha256Hex } from '../database/sha256';
import { ApiException } from '../http/api-exception';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';
import { PasskeyView } from './dto/passkey.dto';
import { StaffPasskeyEntity } from './entities/staff-passkey.entity';
import { SecondFactorNotices } from './second-factor-notices';
import { StaffPasskeysRepository } from './staff-passkeys.repository';

/** How long a browser has to answer the options (the challenge is then forgotten). */
export const CHALLENGE_SECONDS = 300;
/** The most passkeys one account keeps. */
const MAX_PASSKEYS = 20;

export const PASSKEY_REFUSED = 'The passkey was not accepted: try again, or sign in another way';
export const TOO_MANY_PASSKEYS = `An account keeps at most ${MAX_PASSKEYS} passkeys: remove one first`;
export const PASSKEY_TAKEN = 'This passkey is already registered: use it to sign in, or add another one';
export const PASSKEYS_NEED_PUBLIC_URL =
  "Passkeys need PUBLIC_URL in production: their relying party must be the console's own address, never the " +
  "request's Host header. Ask the operator to set PUBLIC_URL.";

/** @simplewebauthn/server, loaded with the first passkey ceremony. */
const loadWebAuthn = () => import('@simplewebauthn/server');

const toView = (passkey: StaffPasskeyEntity): PasskeyView => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): registered from Your account, then used to sign in on
 * their own (a discoverable credential with user verification required: possession and a PIN or
 * biometric, two factors) or as the second factor after a password. The relying party is PUBLIC_URL's
 * host; in development, without it, the request's (in production every ceremony answers 409 then: a
 * Host header is the client's to choose, the relying party must not be). Each challenge is random,
 * kept in Redis for CHALLENGE_SECONDS and used once.
 */
@Injectable()
export class PasskeysService {
  private readonly logger = new Logger(PasskeysService.name);
  private readonly prefix: string;

  constructor(
    private readonly passkeys: StaffPasskeysRepository,
    private readonly audit: AuditService,
    private readonly notices: SecondFactorNotices,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    @InjectRedis() private readonly redis: RedisClient,
  ) {
    this.prefix = `${config.redis.prefix}:passkey`;
  }

  /**
   * The relying party: the console's origin and its host name. PUBLIC_URL's; in development without
   * it the request's (its Origin, else its Host), which production refuses (409 PASSKEYS_NEED_PUBLIC_URL).
   */
  relyingParty(requestOrigin: string): { origin: string; rpID: string } {
    const publicOrigin = this.config.staffAuth.publicOrigin;
    if (!publicOrigin && this.config.env === 'production') {
      throw new ApiException(HttpStatus.CONFLICT, PASSKEYS_NEED_PUBLIC_URL);
    }
    const origin = publicOrigin ?? requestOrigin;
    return { origin, rpID: new URL(origin).hostname };
  }

  async list(account: StaffAccountEntity): Promise<PasskeyView[]> {
    return (await this.passkeys.ofAccount(account.id)).map(toView);
  }

  hasAny(accountId: string): Promise<boolean> {
    return this.passkeys.hasAny(accountId);
  }

  async registrationOptions(account: StaffAccountEntity, requestOrigin: string): Promise<Record<string, unknown>> {
    const { rpID } = this.relyingParty(requestOrigin);
    const existing = await this.passkeys.ofAccount(account.id);
    if (existing.length >= MAX_PASSKEYS) {
      throw new ApiException(HttpStatus.CONFLICT, TOO_MANY_PASSKEYS);
    }
    const { generateRegistrationOptions } = await loadWebAuthn();
    const options = await generateRegistrationOptions({
      rpName: 'contact-intake',
      rpID,
      userName: account.email,
      userDisplayName: account.name,
      userID: Buffer.from(account.id),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.redis.set(`${this.prefix}:register:${account.id}`, options.challenge, 'EX', CHALLENGE_SECONDS);
    return options as unknown as Record<string, unknown>;
  }

  async register(
    account: StaffAccountEntity,
    name: string,
    response: Record<string, unknown>,
    requestOrigin: string,
    actor: Actor,
  ): Promise<PasskeyView> {
    const { origin, rpID } = this.relyingParty(requestOrigin);
    const challenge = await this.redis.getdel(`${this.prefix}:register:${account.id}`);
    const { verifyRegistrationResponse } = await loadWebAuthn();
    let credential;
    try {
      const verification = await verifyRegistrationResponse({
        response: response as never,
        expectedChallenge: challenge ?? '',
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      });
      credential = verification.verified ? verification.registrationInfo?.credential : undefined;
    } catch (error) {
      this.logger.warn(`A passkey registration was refused: ${(error as Error).message}`);
    }
    if (!challenge || !credential) {
      throw new ApiException(HttpStatus.BAD_REQUEST, PASSKEY_REFUSED);
    }
    const passkey: StaffPasskeyEntity = {
      id: uuidv7(),
      accountId: account.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports?.join(',') ?? null,
      name,
      createdAt: this.clock.now(),
      lastUsedAt: null,
    };
    try {
      await this.passkeys.insert(passkey);
    } catch (error) {
      // Another registration holds these very credential bytes (compared exactly, see the entity).
      throw isDuplicateKey(error) ? new ApiException(HttpStatus.CONFLICT, PASSKEY_TAKEN) : error;
    }
    await this.audit.record(actor, {
      action: 'staff.passkey_added',
      target: { type: 'staff', id: account.id },
      after: { name },
    });
    await this.notices.tell(account, `A passkey named ${name} was added to your staff account`);
    return toView(passkey);
  }

  async remove(account: StaffAccountEntity, id: string, actor: Actor): Promise<void> {
    if (!(await this.passkeys.remove(account.id, id))) {
      throw new ApiException(HttpStatus.NOT_FOUND, 'Not found');
    }
    await this.audit.record(actor, { action: 'staff.passkey_removed', target: { type: 'staff', id: account.id } });
    await this.notices.tell(account, 'A passkey was removed from your staff account');
  }

  /**
   * Sign-in options: a challenge under a random ticket (the browser's ci_passkey cookie). For the
   * second step of a sign-in, `accountId` limits them to that account's passkeys.
   */
  async authenticationOptions(
    requestOrigin: string,
    accountId?: string,
  ): Promise<{ options: Record<string, unknown>; ticket: string }> {
    const { rpID } = this.relyingParty(requestOrigin);
    const { generateAuthenticationOptions } = await loadWebAuthn();
    const allowed = accountId ? await this.passkeys.ofAccount(accountId) : [];
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      allowCredentials: allowed.map((passkey) => ({ id: passkey.credentialId })),
    });
    const ticket = randomBytes(32).toString('base64url');
    await this.redis.set(this.ticketKey(ticket), options.challenge, 'EX', CHALLENGE_SECONDS);
    return { options: options as unknown as Record<string, unknown>, ticket };
  }

  /**
   * The account a signed challenge proves (with user verification), or null. The challenge is spent
   * either way; `accountId` requires the passkey to be that account's (the second step of a sign-in).
   */
  async verify(
    ticket: string | undefined,
    response: Record<string, unknown>,
    requestOrigin: string,
    accountId?: string,
  ): Promise<string | null> {
    const { origin, rpID } = this.relyingParty(requestOrigin);
    const challenge = ticket ? await this.redis.getdel(this.ticketKey(ticket)) : null;
    const passkey = typeof response.id === 'string' ? await this.passkeys.byCredential(response.id) : null;
    if (!challenge || !passkey || (accountId !== undefined && passkey.accountId !== accountId)) {
      return null;
    }
    const { verifyAuthenticationResponse } = await loadWebAuthn();
    try {
      const verification = await verifyAuthenticationResponse({
        response: response as never,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
        },
      });
      if (!verification.verified) {
        return null;
      }
      await this.passkeys.used(passkey.id, verification.authenticationInfo.newCounter, this.clock.now());
      return passkey.accountId;
    } catch (error) {
      this.logger.warn(`A passkey sign-in was refused: ${(error as Error).message}`);
      return null;
    }
  }

  private ticketKey(ticket: string): string {
    return `${this.prefix}:signin:${sha256Hex(ticket)}`;
  }
}
