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

  /** The latest version of each of these keys that has one. */
  async latestVersions(apiKeyIds: readonly string[]): Promise<Map<string, number>> {
    if (apiKeyIds.length === 0) {
      return new Map();
    }
    const rows = await this.versions
      .createQueryBuilder('version')
      .select('version.api_key_id', 'apiKeyId')
      .addSelect('MAX(version.version)', 'latest')
      .where('version.api_key_id IN (:...ids)', { ids: [...apiKeyIds] })
      .groupBy('version.api_key_id')
      .getRawMany<{ apiKeyId: string; latest: number | string }>();
    return new Map(rows.map((row) => [row.apiKeyId, Number(row.latest)]));
  }

  /** Every key's versions (the list's and export's filters look a name up across keys). */
  all(): Promise<CustomFieldVersionEntity[]> {
    return this.versions.find({ order: { apiKeyId: 'ASC', version: 'ASC' } });
  }

  /** Stores a new version in `tx`; two admins' PUTs meet at the unique (key, version). */
  async insert(row: CustomFieldVersionEntity, tx: Transaction): Promise<void> {
    await tx.getRepository(CustomFieldVersionEntity).insert(row);
  }
}
