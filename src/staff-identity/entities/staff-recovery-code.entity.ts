import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One of the ten recovery codes given when an authenticator app is confirmed: its SHA-256 only, used once. */
@Entity({ name: 'staff_recovery_codes' })
@Index('ux_staff_recovery_codes', ['accountId', 'codeHash'], { unique: true })
export class StaffRecoveryCodeEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'account_id', type: 'char', length: 36 })
  accountId!: string;

  /** SHA-256 (hex) of the code as shown, without its dash: the code itself is never stored. */
  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  @Column({ name: 'used_at', type: 'datetime', precision: 3, nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
