import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StaffAccountEntity } from './staff-account.entity';

/**
 * A password reset link an admin had sent to an account's address: the token in the link is stored only
 * as its SHA-256, works once (the row is deleted when used) and until `expiresAt` (an hour). An account
 * has at most one: a newer link, or any change of the password, removes the older one.
 */
@Entity({ name: 'staff_password_resets' })
export class StaffPasswordResetEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Index('ix_staff_password_resets_account')
  @Column({ name: 'staff_account_id', type: 'char', length: 36 })
  staffAccountId!: string;

  @ManyToOne(() => StaffAccountEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'staff_account_id', foreignKeyConstraintName: 'fk_staff_password_resets_account' })
  staffAccount?: StaffAccountEntity;

  @Index('uq_staff_password_resets_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'datetime', precision: 3 })
  expiresAt!: Date;
}
