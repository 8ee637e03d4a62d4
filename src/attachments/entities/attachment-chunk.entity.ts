import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AttachmentEntity } from './attachment.entity';

/**
 * A piece of a stored file (ATTACHMENT_CHUNK_BYTES of it, the last one shorter), sealed on its own
 * when encryption at rest is on: a file is many small rows, never one huge one, so a write set stays
 * small on Galera and a download reads one piece at a time.
 */
@Entity({ name: 'attachment_chunks' })
export class AttachmentChunkEntity {
  @PrimaryColumn({ name: 'attachment_id', type: 'char', length: 36 })
  attachmentId!: string;

  @ManyToOne(() => AttachmentEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'attachment_id', foreignKeyConstraintName: 'fk_attachment_chunks_attachment' })
  attachment?: AttachmentEntity;

  /** 0, 1, 2...: the order of the pieces. */
  @PrimaryColumn({ type: 'int', unsigned: true })
  seq!: number;

  /** The bytes, sealed under `encKeyId` (a chunk keeps its own key: the name may be moved to a newer one). */
  @Column({ type: 'mediumblob' })
  data!: Buffer;

  @Column({ name: 'enc_key_id', type: 'varchar', length: 16, nullable: true })
  encKeyId!: string | null;
}
