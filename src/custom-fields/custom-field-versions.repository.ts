import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Transaction } from '../database/transactions';
import { CustomFieldVersionEntity } from './entities/custom-field-version.entity';

/** The `custom_field_versions` table: every version of every key's fields. */
@Injectable()
export class CustomFieldVersionsRepository {
  constructor(
    @InjectRepository(CustomFieldVersionEntity) private readonly versions: Repository<CustomFieldVersionEntity>,
  ) {}

  /** Every version of these keys' fields, oldest first. */
  ofKeys(apiKeyIds: readonly string[], tx?: Transaction): Promise<CustomFieldVersionEntity[]> {
    if (apiKeyIds.length === 0) {
      return Promise.resolve([]);
    }
    const repository = tx ? tx.getRepository(CustomFieldVersionEntity) : this.versions;
    return repository.find({ where: { apiKeyId: In([...apiKeyIds]) }, order: { apiKeyId: 'ASC', version: 'ASC' } });
  }

  /** Every key's versions (the list and report filters look a name up across keys). */
  all(): Promise<CustomFieldVersionEntity[]> {
    return this.versions.find({ order: { apiKeyId: 'ASC', version: 'ASC' } });
  }

  /** Stores a new version in `tx`; two admins' PUTs meet at the unique (key, version). */
  async insert(row: CustomFieldVersionEntity, tx: Transaction): Promise<void> {
    await tx.getRepository(CustomFieldVersionEntity).insert(row);
  }

  /** The key's latest version (0: none), its row locked until `tx` ends, so PUTs of one key queue. */
  async latestVersion(apiKeyId: string, tx: Transaction): Promise<number> {
    const latest = await tx
      .getRepository(CustomFieldVersionEntity)
      .findOne({ where: { apiKeyId }, order: { version: 'DESC' }, lock: { mode: 'pessimistic_write' } });
    return latest?.version ?? 0;
  }
}
