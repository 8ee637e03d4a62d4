import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { FieldCipher } from '../database/field-cipher';
import { InboundUnmatchedEntity } from './entities/inbound-unmatched.entity';

/** Every query of the `inbound_unmatched` table. */
@Injectable()
export class InboundUnmatchedRepository {
  constructor(
    @InjectRepository(InboundUnmatchedEntity) private readonly rows: Repository<InboundUnmatchedEntity>,
    private readonly cipher: FieldCipher,
  ) {}

  /**
   * Keeps an unmatched or unreadable message once (by Message-ID: a second delivery of it is ignored),
   * and at most `max` of them: the oldest beyond that go. Answers how many old ones went.
   */
  async keep(row: InboundUnmatchedEntity, max: number): Promise<number> {
    const inserted = await this.rows
      .createQueryBuilder()
      .insert()
      .values(this.cipher.sealRow('inbound_unmatched', { ...row }))
      .orIgnore()
      .execute();
    if (!(inserted.raw as { affectedRows?: number }).affectedRows) {
      return 0;
    }
    // The id is time-ordered (UUIDv7): everything older than the max-th newest goes. The derived table
    // lets MariaDB and MySQL read the table the statement deletes from.
    const dropped: unknown = await this.rows.query(
      `DELETE FROM inbound_unmatched WHERE id < (
         SELECT id FROM (SELECT id FROM inbound_unmatched ORDER BY id DESC LIMIT 1 OFFSET ?) AS newest
       )`,
      [max - 1],
    );
    return (dropped as { affectedRows?: number }).affectedRows ?? 0;
  }

  /** Newest first, keyset-paged on the time-ordered id. */
  page(before: string | undefined, limit: number): Promise<InboundUnmatchedEntity[]> {
    return this.rows.find({
      where: before ? { id: LessThan(before) } : {},
      order: { id: 'DESC' },
      take: limit,
    });
  }

  count(): Promise<number> {
    return this.rows.count();
  }
}
