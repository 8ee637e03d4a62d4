import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Transaction } from '../database/transactions';
import { ErasureLogEntryEntity } from './entities/erasure-log-entry.entity';

/** Ids asked per query when checking which entries a database already holds. */
const IDS_PER_QUERY = 1000;

/** Every query of the `erasure_log` table: append in the erasure's transaction, read, and nothing else. */
@Injectable()
export class ErasureLogRepository {
  constructor(@InjectRepository(ErasureLogEntryEntity) private readonly entries: Repository<ErasureLogEntryEntity>) {}

  /** Adds these entries in `tx`; an id already there fails with a duplicate key (another process applied it). */
  async append(entries: ErasureLogEntryEntity[], tx: Transaction): Promise<void> {
    await tx.getRepository(ErasureLogEntryEntity).insert(entries);
  }

  /** The whole log, oldest first (erasures are rare: thousands of rows after years). */
  all(): Promise<ErasureLogEntryEntity[]> {
    return this.entries.find({ order: { erasedAt: 'ASC', id: 'ASC' } });
  }

  /** Which of these ids the log holds. */
  async known(ids: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
      const rows = await this.entries.find({
        select: { id: true },
        where: { id: In(ids.slice(start, start + IDS_PER_QUERY)) },
      });
      rows.forEach((row) => found.add(row.id));
    }
    return found;
  }
}
