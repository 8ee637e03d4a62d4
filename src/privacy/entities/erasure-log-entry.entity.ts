import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What an erasure named: today only an e-mail address (`privacy erase`, the admin route). */
export type ErasureKind = 'email';

/**
 * One erasure, as the log keeps it: written in the erasure's own transaction, never changed, never
 * deleted, and holding no personal data: the subject only as a keyed hash (see ErasureLog). A row
 * here means "applied to this database": a restored dump holds the rows of the erasures it already
 * reflects, and the ones made after it come back from the mirror file or an export.
 */
@Entity({ name: 'erasure_log' })
export class ErasureLogEntryEntity {
  /** UUIDv7, the same in the database, the mirror file and every export. */
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: ErasureKind;

  /** HMAC-SHA256 (hex) of the subject as matched, under the key `keyId` names. */
  @Column({ name: 'subject_hash', type: 'char', length: 64 })
  subjectHash!: string;

  /** Which key made the hash (a fingerprint, not the key), so a re-apply knows whether it can match. */
  @Column({ name: 'key_id', type: 'char', length: 16 })
  keyId!: string;

  @Column({ name: 'erased_at', type: 'datetime', precision: 3 })
  erasedAt!: Date;
}
