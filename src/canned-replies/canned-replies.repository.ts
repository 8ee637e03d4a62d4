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

  /** Stores a new one; a title already taken fails as a duplicate key (see isDuplicateKey). */
  async insert(reply: CannedReplyEntity): Promise<void> {
    await this.replies.insert(reply);
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
