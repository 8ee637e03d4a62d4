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

  /** Keeps an unmatched message once (by Message-ID): a second delivery of it is ignored. */
  async keep(row: InboundUnmatchedEntity): Promise<void> {
    await this.rows
      .createQueryBuilder()
      .insert()
      .values(this.cipher.sealRow('inbound_unmatched', { ...row }))
      .orIgnore()
      .execute();
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
