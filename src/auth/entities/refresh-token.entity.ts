import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKeyEntity } from '../../api-keys/entities/api-key.entity';

/**
 * One refresh token of a family (all tokens descended from one /auth.php call). Only the SHA-256 of
 * the token is stored. A token is spent when `used_at` is set; a family is revoked when reuse is seen.
 */
@Entity({ name: 'refresh_tokens' })
@Index('ix_refresh_tokens_family', ['familyId'])
export class RefreshTokenEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Index('uq_refresh_tokens_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'family_id', type: 'char', length: 36 })
  familyId!: string;

  @Index('ix_refresh_tokens_api_key')
  @Column({ name: 'api_key_id', type: 'char', length: 36 })
  apiKeyId!: string;

  /** The key that owns the family (declared so entities and migrations agree on the foreign key). */
  @ManyToOne(() => ApiKeyEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'api_key_id', foreignKeyConstraintName: 'fk_refresh_tokens_api_key' })
  apiKey?: ApiKeyEntity;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  /** The earlier of the idle expiry and the family's absolute expiry. */
  @Column({ name: 'expires_at', type: 'datetime', precision: 3 })
  expiresAt!: Date;

  @Column({ name: 'family_expires_at', type: 'datetime', precision: 3 })
  familyExpiresAt!: Date;

  @Column({ name: 'used_at', type: 'datetime', precision: 3, nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'datetime', precision: 3, nullable: true })
  revokedAt!: Date | null;
}
