import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A passkey (a WebAuthn credential) of a staff account: its id and public key as the authenticator
 * gave them (base64url), its signature counter, and the name its owner gave it. A passkey signs in
 * on its own (it proves possession and, with user verification required, a PIN or biometric) or
 * serves as the second factor after a password.
 */
@Entity({ name: 'staff_passkeys' })
@Index('ux_staff_passkeys_credential', ['credentialId'], { unique: true })
@Index('ix_staff_passkeys_account', ['accountId'])
export class StaffPasskeyEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'account_id', type: 'char', length: 36 })
  accountId!: string;

  /** Base64url, so letter case matters: a binary collation compares it exactly (`AbC` is not `aBc`). */
  @Column({ name: 'credential_id', type: 'varchar', length: 512, charset: 'utf8mb4', collation: 'utf8mb4_bin' })
  credentialId!: string;

  @Column({ name: 'public_key', type: 'text' })
  publicKey!: string;

  @Column({ type: 'bigint', transformer: { to: (value: number) => value, from: Number } })
  counter!: number;

  /** How the browser may reach the authenticator (usb, internal, hybrid...), comma-separated. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  transports!: string | null;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'datetime', precision: 3, nullable: true })
  lastUsedAt!: Date | null;
}
