import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StaffRole } from '../../staff-auth/staff-admission';

/** A member of the operator's staff. The password is stored only as an argon2id hash. */
@Entity({ name: 'staff_accounts' })
export class StaffAccountEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  /**
   * In its one spelling (normalizeStaffEmail: NFC, lower case, the domain as A-labels), compared byte
   * for byte: uniqueness and sign-in ignore letter case and nothing else (the table's collation would
   * also take `ädmin` or `ａｄｍｉｎ` for `admin`).
   */
  @Index('uq_staff_accounts_email', { unique: true })
  @Column({ type: 'varchar', length: 254, charset: 'utf8mb4', collation: 'utf8mb4_bin' })
  email!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: StaffRole;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'password_changed_at', type: 'datetime', precision: 3 })
  passwordChangedAt!: Date;

  @Column({ name: 'last_login_at', type: 'datetime', precision: 3, nullable: true })
  lastLoginAt!: Date | null;

  /** Set by an admin's reset to a one-time password: until the account chooses its own, it may do nothing else. */
  @Column({ name: 'must_change_password', type: 'boolean', default: false })
  mustChangePassword!: boolean;

  @Column({ name: 'disabled_at', type: 'datetime', precision: 3, nullable: true })
  disabledAt!: Date | null;

  /** Marked away by its holder (PATCH /staff/api/me): round-robin assignment skips it (rules/). */
  @Column({ type: 'boolean', default: false })
  away!: boolean;
}
