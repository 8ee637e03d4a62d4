import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { sha256Hex } from '../common/crypto';
import { AppConfig } from '../config/app-config';
import { BatchedInsert, insertStatement } from '../database/batched-insert';
import { RefreshTokenEntity } from './entities/refresh-token.entity';

export const REFRESH_TOKEN_PREFIX = 'rt_';
const INSERT_COLUMNS = ['id', 'token_hash', 'family_id', 'api_key_id', 'created_at', 'expires_at', 'family_expires_at'];

export type RotationOutcome =
  | { ok: true; apiKeyId: string; refreshToken: string }
  | { ok: false; reason: 'expired' | 'revoked' | 'reused' | 'retried' | 'raced' };

/** True while the token can still be rotated: not spent, not revoked, not expired. */
export function isSpendable(row: RefreshTokenEntity, now = new Date()): boolean {
  return !row.usedAt && !row.revokedAt && row.expiresAt.getTime() > now.getTime();
}

/**
 * Opaque refresh tokens (256 random bits), stored as SHA-256, rotated on every use. Reuse of a spent
 * token after the grace period revokes the whole family (RFC 6819 5.2.2.3; OAuth 2.0 Security BCP 4.14).
 */
@Injectable()
export class RefreshTokenService {
  private readonly logger = new Logger(RefreshTokenService.name);
  /** /auth.php calls that arrive together store their tokens with one statement. */
  private readonly familyStarts: BatchedInsert;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    this.familyStarts = new BatchedInsert(
      (sql, values) => dataSource.query(sql, values),
      'refresh_tokens',
      INSERT_COLUMNS,
    );
  }

  /** Starts a new family for an /auth.php call and returns its first token once it is stored. */
  async issueFamily(apiKeyId: string): Promise<string> {
    const now = new Date();
    const familyExpiresAt = new Date(now.getTime() + this.config.auth.refreshTokenTtl * 1000);
    const { token, values } = this.newToken(apiKeyId, uuidv7(), familyExpiresAt, now);
    await this.familyStarts.insert(values);
    return token;
  }

  /** The stored row of a presented token, whatever its state, or null for an unknown token. */
  find(token: string): Promise<RefreshTokenEntity | null> {
    return this.dataSource.getRepository(RefreshTokenEntity).findOneBy({ tokenHash: sha256Hex(token) });
  }

  /**
   * Spends the token of `row` (as read by find) and issues its successor in one transaction. The spend
   * is a conditional UPDATE, so of two concurrent rotations of one token exactly one succeeds, however
   * stale `row` is.
   */
  async rotate(row: RefreshTokenEntity, now = new Date()): Promise<RotationOutcome> {
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
    return this.dataSource.transaction(async (manager) => {
      const spent = await manager
        .createQueryBuilder()
        .update(RefreshTokenEntity)
        .set({ usedAt: now })
        .where({ id: row.id, usedAt: IsNull(), revokedAt: IsNull() })
        .execute();
      if (spent.affected !== 1) {
        return { ok: false, reason: 'raced' } as const;
      }
      const refreshToken = await this.insertToken(manager, row.apiKeyId, row.familyId, row.familyExpiresAt, now);
      return { ok: true, apiKeyId: row.apiKeyId, refreshToken } as const;
    });
  }

  async revokeFamily(familyId: string, now = new Date()): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(RefreshTokenEntity)
      .set({ revokedAt: now })
      .where({ familyId, revokedAt: IsNull() })
      .execute();
  }

  private async insertToken(
    manager: EntityManager,
    apiKeyId: string,
    familyId: string,
    familyExpiresAt: Date,
    now: Date,
  ): Promise<string> {
    const { token, values } = this.newToken(apiKeyId, familyId, familyExpiresAt, now);
    // A plain INSERT: TypeORM's query builder costs more CPU than the statement on this hot path.
    await manager.query(insertStatement('refresh_tokens', INSERT_COLUMNS), values);
    return token;
  }

  /** A new token and its row's values, in INSERT_COLUMNS order. */
  private newToken(
    apiKeyId: string,
    familyId: string,
    familyExpiresAt: Date,
    now: Date,
  ): { token: string; values: unknown[] } {
    const token = REFRESH_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const idleExpiresAt = now.getTime() + this.config.auth.refreshTokenIdleTtl * 1000;
    const expiresAt = new Date(Math.min(idleExpiresAt, familyExpiresAt.getTime()));
    return { token, values: [uuidv7(), sha256Hex(token), familyId, apiKeyId, now, expiresAt, familyExpiresAt] };
  }
}
