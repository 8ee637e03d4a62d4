import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Inbound mail that matched no submission, or that could not be read (`reason`): kept for admins to
 * see (never attached to a guess), its sender and subject sealed at rest like personal fields. The
 * message itself is not kept.
 */
@Entity({ name: 'inbound_unmatched' })
@Index('uq_inbound_unmatched_message_id', ['messageId'], { unique: true })
export class InboundUnmatchedEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'message_id', type: 'varchar', length: 255 })
  messageId!: string;

  @Column({ name: 'from_address', type: 'varchar', length: 1400, nullable: true })
  fromAddress!: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  subject!: string | null;

  @Column({ type: 'int', unsigned: true })
  size!: number;

  /** Why it was kept: null when it matched nothing; else why it could not be read (UnreadableReason). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  reason!: string | null;

  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;

  @Column({ name: 'received_at', type: 'datetime', precision: 3 })
  receivedAt!: Date;

  /** Set when a row does not open (see SealedColumnsSubscriber); never stored. */
  unreadable?: string;
}
