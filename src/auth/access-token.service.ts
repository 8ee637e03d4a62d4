import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { LRUCache } from 'lru-cache';
import { createSecretKey, KeyObject, randomUUID } from 'node:crypto';
import { Clock } from '../clock/clock';
import { sha256Hex } from '../database/sha256';
import { AppConfig } from '../config/app-config';

/** RFC 9068 media type of a JWT access token, carried in the `typ` header. */
export const ACCESS_TOKEN_TYP = 'at+jwt';
const ALGORITHM = 'HS256';
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Clock skew tolerated between processes for `iat`; a token issued further in the future is forged. */
const MAX_IAT_SKEW_SECONDS = 30;
/** Verified tokens remembered; a client reuses one token for its 15 minutes, so a few per key suffice. */
const VERIFIED_TOKENS = 10_000;

export interface AccessTokenClaims {
  apiKeyId: string;
  jti: string;
}

/**
 * Issues and verifies access tokens: HS256 JWTs with `typ: at+jwt` and the claims iss, aud, sub (the API
 * key id), jti, iat, exp = iat + 900. The `kid` header names the secret, so JWT_PREVIOUS_SECRETS keep
 * tokens signed before a rotation valid until they expire.
 */
@Injectable()
export class AccessTokenService {
  /** @nestjs/jwt set up once with the current secret (as a KeyObject) and every signing option. */
  private readonly signer: JwtService;
  /**
   * Secrets as KeyObjects, made once: given a string, jsonwebtoken first tries to parse it as a PEM key
   * on every call (createPrivateKey/createPublicKey, throwing and catching), which profiling showed
   * to cost a sixth of the CPU of /auth.php.
   */
  private readonly keysByKid = new Map<string, KeyObject>();
  /**
   * Tokens that passed full verification, with their expiry (seconds): a client sends the same token
   * with every request for 15 minutes, and verifying it again (base64, two JSON.parse, an HMAC, the
   * claim checks) was the largest single cost of a submission after the database round trip. Only a
   * token that verified is stored, keyed by its whole text, and it is dropped once expired.
   */
  private readonly verified = new LRUCache<string, { claims: AccessTokenClaims; exp: number }>({
    max: VERIFIED_TOKENS,
  });

  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    for (const secret of [config.auth.jwtSecret, ...config.auth.jwtPreviousSecrets]) {
      this.keysByKid.set(kidOf(secret), createSecretKey(Buffer.from(secret)));
    }
    const currentKid = kidOf(config.auth.jwtSecret);
    this.signer = new JwtService({
      privateKey: this.keysByKid.get(currentKid) as unknown as Buffer,
      signOptions: {
        algorithm: ALGORITHM,
        header: { alg: ALGORITHM, typ: ACCESS_TOKEN_TYP, kid: currentKid },
        issuer: config.auth.issuer,
        audience: config.auth.audience,
        expiresIn: config.auth.accessTokenTtl,
      },
    });
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.nowMs() / 1000);
  }

  get ttl(): number {
    return this.config.auth.accessTokenTtl;
  }

  issue(apiKeyId: string): string {
    // The subject as a claim and no options per call: options passed to sign() are copied and have
    // properties deleted on every call (@nestjs/jwt's mergeJwtOptions), 2 % of /auth.php's CPU.
    return this.signer.sign({ jti: randomUUID(), sub: apiKeyId, iat: this.nowSeconds() });
  }

  /** The token's claims, or null for anything that is not a valid, unexpired access token of ours. */
  verify(token: string): AccessTokenClaims | null {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > this.clock.nowMs() / 1000) {
        return known.claims;
      }
      this.verified.delete(token);
    }
    if (!JWT_SHAPE.test(token)) {
      return null;
    }
    const header = parseHeader(token);
    if (!header || header.alg !== ALGORITHM || header.typ !== ACCESS_TOKEN_TYP || typeof header.kid !== 'string') {
      return null;
    }
    const key = this.keysByKid.get(header.kid);
    if (!key) {
      return null;
    }
    let payload: Record<string, unknown>;
    try {
      payload = this.jwt.verify<Record<string, unknown>>(token, {
        // @nestjs/jwt types verify keys as string | Buffer but hands them to jsonwebtoken, which takes KeyObjects.
        publicKey: key as unknown as Buffer,
        algorithms: [ALGORITHM],
        issuer: this.config.auth.issuer,
        audience: this.config.auth.audience,
        clockTimestamp: this.nowSeconds(),
      });
    } catch {
      return null;
    }
    const { sub, jti, iat, exp, nbf } = payload;
    // jsonwebtoken refuses a future `nbf` itself; it does not look at `iat`, so a token minted with a
    // far-future `iat` (and so a far-future `exp`) would live as long as its forger wished.
    const now = this.nowSeconds();
    if (
      typeof sub !== 'string' ||
      typeof jti !== 'string' ||
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      exp - iat !== this.ttl ||
      iat > now + MAX_IAT_SKEW_SECONDS ||
      (nbf !== undefined && (typeof nbf !== 'number' || nbf > now))
    ) {
      return null;
    }
    const claims = { apiKeyId: sub, jti };
    this.verified.set(token, { claims, exp });
    return claims;
  }
}

/** A secret's public name: the start of its SHA-256, which says nothing usable about the secret. */
function kidOf(secret: string): string {
  return sha256Hex(secret).slice(0, 16);
}

function parseHeader(token: string): Record<string, unknown> | null {
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8'));
    return header && typeof header === 'object' && !Array.isArray(header) ? (header as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
