import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MessageKind, MessageState } from '../message-state';

export interface AttachmentInfo {
  name: string;
  type: string;
  size: number;
}

/**
 * One message of a submission's conversation: a staff reply or acknowledgement sent by e-mail, or a
 * customer's answer that came back (IMAP or the inbound route). Its personal columns are sealed at
 * rest like a submission's (see SEALED_COLUMNS); the files it carried are in attachments/.
 */
@Entity({ name: 'conversation_messages' })
@Index('ix_conversation_messages_submission', ['submissionId', 'id'])
@Index('ix_conversation_messages_state', ['state', 'id'])
@Index('uq_conversation_messages_message_id_sender', ['messageId', 'submissionId', 'senderHash'], { unique: true })
@Index('ix_conversation_messages_token', ['threadToken'])
@Index('ix_conversation_messages_merged_from', ['mergedFromId'])
export class ConversationMessageEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ name: 'submission_id', type: 'char', length: 36 })
  submissionId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: MessageKind;

  /** Changed only through MESSAGE_TRANSITIONS. */
  @Column({ type: 'varchar', length: 16 })
  state!: MessageState;

  /** The staff account that wrote a reply. */
  @Column({ name: 'author_id', type: 'char', length: 36, nullable: true })
  authorId!: string | null;

  /** RFC 5322 Message-ID, without angle brackets: ours for outgoing mail, the sender's for incoming. */
  @Column({ name: 'message_id', type: 'varchar', length: 255 })
  messageId!: string;

  /**
   * Outgoing mail: the submission's reply token (see ThreadIds), in its root Message-ID and, with
   * INBOUND_ADDRESS, its plus-addressed Reply-To: what finds the submission such mail answers.
   */
  @Column({ name: 'thread_token', type: 'varchar', length: 32, nullable: true })
  threadToken!: string | null;

  /**
   * Customer mail: the From address's keyed hash (FieldCipher.emailHash; '' without one, and for our own
   * mail). A Message-ID is unique per submission and sender, so a stranger cannot use one up first.
   */
  @Column({ name: 'sender_hash', type: 'varchar', length: 64, default: '' })
  senderHash!: string;

  /**
   * Outgoing mail stored before issue 36: it named the root `submission.<id>@domain`, which its
   * submission therefore keeps (and still accepts); set by the migration only, never by new rows.
   */
  @Column({ name: 'legacy_root', type: 'boolean', default: false })
  legacyRoot!: boolean;

  @Column({ name: 'from_address', type: 'varchar', length: 1400, nullable: true })
  fromAddress!: string | null;

  /** A customer message from someone other than the requester (matched by token or thread). */
  @Column({ name: 'from_other', type: 'boolean', default: false })
  fromOther!: boolean;

  /** Auto-Submitted, Precedence bulk/junk/list, a delivery report: attached, triggers nothing. */
  @Column({ type: 'boolean', default: false })
  automatic!: boolean;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  subject!: string | null;

  /** The new text (for customer mail: without the quoted history). */
  @Column({ type: 'mediumtext' })
  body!: string;

  /** Customer mail: the quoted history the console folds. */
  @Column({ type: 'mediumtext', nullable: true })
  quoted!: string | null;

  /**
   * Files described before issue 39 (name, type, size; never stored). Its migration copied them to
   * `attachments`; no longer written or read, and dropped by the release after this one.
   */
  @Column({ type: 'simple-json', nullable: true })
  attachments!: AttachmentInfo[] | null;

  @Column({ type: 'int', unsigned: true, default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'varchar', length: 1000, nullable: true })
  lastError!: string | null;

  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'datetime', precision: 3, nullable: true })
  sentAt!: Date | null;

  /** Moved here by a merge: the submission it came from (erasing that one's requester erases it). */
  @Column({ name: 'merged_from_id', type: 'char', length: 36, nullable: true })
  mergedFromId?: string | null;

  /** Set when a row does not open (see SealedColumnsSubscriber); never stored. */
  unreadable?: string;
}
