import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StaffAccountEntity } from '../../staff-accounts/entities/staff-account.entity';

/**
 * A canned reply: an answer staff share and insert into a reply, with `{{name}}`, `{{ref}}` and
 * `{{agent}}` filled where it is inserted (the console does it). Staff's own text, not personal data:
 * stored in clear.
 */
@Entity({ name: 'canned_replies' })
@Index('uq_canned_replies_title', ['title'], { unique: true })
export class CannedReplyEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  /** Unique as the table's collation compares (any letter case or accent): one menu entry per title. */
  @Column({ type: 'varchar', length: 100 })
  title!: string;

  @Column({ type: 'mediumtext' })
  body!: string;

  @Column({ name: 'author_id', type: 'char', length: 36 })
  authorId!: string;

  @ManyToOne(() => StaffAccountEntity, { nullable: false, onDelete: 'RESTRICT', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'author_id', foreignKeyConstraintName: 'fk_canned_replies_author' })
  author?: StaffAccountEntity;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
