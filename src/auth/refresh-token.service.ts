import { Injectable, Logger } from '@nestjs/common';
import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { sha256Hex } from '../database/sha256';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { RefreshTokenEntity } from './entities/refresh-token.entity';
import { RefreshTokensRepository } from './refresh-tokens.repository';

export const REFRESH_TOKEN_PREFIX = 'rt_';
/** 256 random bits per token. */
const TOKEN_BYTES = 32;
/**
 * Tokens' random bytes come from a pool filled by the CSPRNG 4 KiB (128 tokens) at a time, as Node
 * does for randomUUID: a randomBytes call per token was 5 % of /auth.php's CPU. Each byte is used once.
 */
const randomPool = Buffer.alloc(TOKEN_BYTES * 128);
let poolOffset = randomPool.length;

function randomTokenText(): string {
  if (poolOffset + TOKEN_BYTES > randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  const text = randomPool.toString('base64url', poolOffset, poolOffset + TOKEN_BYTES);
  poolOffset += TOKEN_BYTES;
  return text;
}

export type RotationOutcome =
  | { ok: true; apiKeyId: string; refreshToken: string }
  | { ok: false; reason: 'expired' | 'revoked' | 'reused' | 'retried' | 'raced' };

/** True while the token can still be rotated at `now`: not spent, not revoked, not expired. */
function isSpendableAt(row: RefreshTokenEntity, now: Date): boolean {
  return !row.usedAt && !row.revokedAt && row.expiresAt.getTime() > now.getTime();
}

/**
 * Opaque refresh tokens (256 random bits), stored as SHA-256, rotated on every use. Reuse of a spent
 * token after the grace period revokes the whole family (RFC 6819 5.2.2.3; OAuth 2.0 Security BCP 4.14).
 */
@Injectable()
export class RefreshTokenService {
  private readonly logger = new Logger(RefreshTokenService.name);

  constructor(
    private readonly tokens: RefreshTokensRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** True while the token can still be rotated: not spent, not revoked, not expired. */
  isSpendable(row: RefreshTokenEntity): boolean {
    return isSpendableAt(row, this.clock.now());
  }

  /** Starts a new family for an /auth.php call and returns its first token once it is stored. */
  async issueFamily(apiKeyId: string): Promise<string> {
    const now = this.clock.now();
    const familyExpiresAt = new Date(now.getTime() + this.config.auth.refreshTokenTtl * 1000);
    const { token, row } = this.newToken(apiKeyId, uuidv7(), familyExpiresAt, now);
    await this.tokens.insertFirst(row);
    return token;
  }

  /** The stored row of a presented token, whatever its state, or null for an unknown token. */
  find(token: string): Promise<RefreshTokenEntity | null> {
    return this.tokens.findByHash(sha256Hex(token));
  }

  /**
   * Spends the token of `row` (as read by find) and issues its successor in one transaction; of two
   * concurrent rotations of one token exactly one succeeds, however stale `row` is.
   */
  async rotate(row: RefreshTokenEntity, now = this.clock.now()): Promise<RotationOutcome> {
    if (row.revokedAt) {
      return { ok: false, reason: 'revoked' };
    }
    if (row.usedAt) {
      if (now.getTime() - row.usedAt.getTime() <= this.config.auth.refreshReuseGrace * 1000) {
        return { ok: false, reason: 'retried' };
      }
      await this.revokeFamily(row.familyId, now);
      this.logger.warn(`Refresh token reuse detected: revoked family ${row.familyId} of API key ${row.apiKeyId}`);
      return { ok: false, reason: 'reused' };
    }
    if (row.expiresAt.getTime() <= now.getTime()) {
      return { ok: false, reason: 'expired' };
    }
    const { token, row: successor } = this.newToken(row.apiKeyId, row.familyId, row.familyExpiresAt, now);
    if (!(await this.tokens.spendAndReplace(row.id, now, successor))) {
      return { ok: false, reason: 'raced' };
    }
    return { ok: true, apiKeyId: row.apiKeyId, refreshToken: token };
  }

  async revokeFamily(familyId: string, now = this.clock.now()): Promise<void> {
    await this.tokens.revokeFamily(familyId, now);
  }

  /** A new token and its row. */
  private newToken(
    apiKeyId: string,
    familyId: string,
    familyExpiresAt: Date,
    now: Date,
  ): { token: string; row: RefreshTokenEntity } {
    const token = REFRESH_TOKEN_PREFIX + randomTokenText();
    const idleExpiresAt = now.getTime() + this.config.auth.refreshTokenIdleTtl * 1000;
    const expiresAt = new Date(Math.min(idleExpiresAt, familyExpiresAt.getTime()));
    return {
      token,
      row: {
        id: uuidv7(),
        tokenHash: sha256Hex(token),
        familyId,
        apiKeyId,
        createdAt: now,
        expiresAt,
        familyExpiresAt,
        usedAt: null,
        revokedAt: null,
      },
    };
  }
}
