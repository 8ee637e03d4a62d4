import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CannedReplyEntity } from './entities/canned-reply.entity';

/** Every query of the `canned_replies` table. */
@Injectable()
export class CannedRepliesRepository {
  constructor(@InjectRepository(CannedReplyEntity) private readonly replies: Repository<CannedReplyEntity>) {}

  /** Every canned reply by title, with its author's id and name. */
  list(): Promise<CannedReplyEntity[]> {
    return this.withAuthor().orderBy('c.title', 'ASC').getMany();
  }

  /** One canned reply with its author's id and name. */
  findById(id: string): Promise<CannedReplyEntity | null> {
    return this.withAuthor().where('c.id = :id', { id }).getOne();
  }

  /**
   * Stores a new one unless the table already holds `max`: false when it was full. The count and the
   * insert are one statement, so concurrent adds cannot both take the last place (InnoDB locks what the
   * count read; a deadlock between two of them is retried by the caller). A title already taken fails
   * as a duplicate key.
   */
  async insertWithin(reply: CannedReplyEntity, max: number): Promise<boolean> {
    const result = await this.replies.query<{ affectedRows?: number }>(
      'INSERT INTO canned_replies (id, title, body, author_id, created_at, updated_at) ' +
        'SELECT ?, ?, ?, ?, ?, ? FROM DUAL WHERE (SELECT COUNT(*) FROM canned_replies) < ?',
      [reply.id, reply.title, reply.body, reply.authorId, reply.createdAt, reply.updatedAt, max],
    );
    return (result.affectedRows ?? 0) === 1;
  }

  /** Changes title and/or body; a title already taken fails as a duplicate key. */
  async update(id: string, changes: Partial<Pick<CannedReplyEntity, 'title' | 'body' | 'updatedAt'>>): Promise<void> {
    await this.replies.update({ id }, changes);
  }

  /** Deletes one; answers whether it was there. */
  async delete(id: string): Promise<boolean> {
    return ((await this.replies.delete({ id })).affected ?? 0) === 1;
  }

  private withAuthor() {
    return this.replies.createQueryBuilder('c').leftJoin('c.author', 'a').addSelect(['a.id', 'a.name']);
  }
}
