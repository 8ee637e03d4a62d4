import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * An account's authenticator app (TOTP, RFC 6238: 6 digits, 30 s, SHA-1, as every app reads them):
 * its secret, sealed at rest like every secret (SEALED_COLUMNS), pending until a first code confirms
 * it, and the last time step a code was accepted for, so each code works once.
 */
@Entity({ name: 'staff_totp' })
export class StaffTotpEntity {
  /** The staff account's id (one authenticator app per account). */
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  /** Base32, as the otpauth URL carries it; sealed under enc_key_id with DATA_ENCRYPTION_KEYS. */
  @Column({ type: 'varchar', length: 255 })
  secret!: string;

  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;

  /** Null while the app is being set up: it is not a second factor until a code confirms it. */
  @Column({ name: 'confirmed_at', type: 'datetime', precision: 3, nullable: true })
  confirmedAt!: Date | null;

  /** The 30-second step of the last code accepted: a code of that step or before is refused. */
  @Column({
    name: 'last_step',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) },
  })
  lastStep!: number | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
