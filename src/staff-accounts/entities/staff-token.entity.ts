import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StaffAccountEntity } from './staff-account.entity';

/**
 * A staff API token (`st_...`) for automation, acting with its account's rights. Stored as SHA-256.
 * Revoked by hand, or with every other token of its account when the account is disabled or its
 * password reset; a revoked token never comes back (re-enabling the account does not revive it).
 */
@Entity({ name: 'staff_tokens' })
export class StaffTokenEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Index('ix_staff_tokens_account')
  @Column({ name: 'staff_account_id', type: 'char', length: 36 })
  staffAccountId!: string;

  @ManyToOne(() => StaffAccountEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'staff_account_id', foreignKeyConstraintName: 'fk_staff_tokens_account' })
  staffAccount?: StaffAccountEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Index('uq_staff_tokens_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'datetime', precision: 3, nullable: true })
  revokedAt!: Date | null;

  /** Null: never expires (only when created with `--expires-in never`). */
  @Column({ name: 'expires_at', type: 'datetime', precision: 3, nullable: true })
  expiresAt!: Date | null;
}
