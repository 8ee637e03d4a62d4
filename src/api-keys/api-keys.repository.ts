import type { Transaction } from '../database/transactions';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, Repository } from 'typeorm';
import { ApiKeyEntity } from './entities/api-key.entity';

/** Every query of the `api_keys` table. */
@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>) {}

  async insert(apiKey: ApiKeyEntity): Promise<void> {
    await this.keys.insert(apiKey);
  }

  list(): Promise<ApiKeyEntity[]> {
    return this.keys.find({ order: { createdAt: 'ASC' } });
  }

  findById(id: string): Promise<ApiKeyEntity | null> {
    return this.keys.findOneBy({ id });
  }

  /**
   * The active key with this hash. A revoked key is simply not found: unknown and revoked keys take
   * the same query and the same code path afterwards, so nothing tells them apart.
   */
  findActiveByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.keys.findOneBy({ keyHash, revokedAt: IsNull() });
  }

  /** The active key with this id (a revoked key is not found). */
  findActiveById(id: string): Promise<ApiKeyEntity | null> {
    return this.keys.findOneBy({ id, revokedAt: IsNull() });
  }

  /** Sets revoked_at unless already set; true when this call revoked the key. */
  async revoke(id: string, at: Date): Promise<boolean> {
    const result = await this.keys.update({ id, revokedAt: IsNull() }, { revokedAt: at });
    return result.affected === 1;
  }

  async update(
    id: string,
    changes: Partial<Pick<ApiKeyEntity, 'name' | 'rateLimit' | 'rateWindow' | 'rateBlock' | 'lastUsedAt'>>,
  ): Promise<void> {
    await this.keys.update({ id }, changes);
  }

  /** Records the version of the key's custom fields in `tx` (custom-fields/ stores the version itself). */
  async setFieldsVersion(id: string, version: number, tx: Transaction): Promise<void> {
    await tx.getRepository(ApiKeyEntity).update({ id }, { fieldsVersion: version });
  }

  /** Keys with a retention of their own: days (0 = forever) by key id. */
  async retentionOverrides(): Promise<Map<string, number>> {
    const rows = await this.keys.find({
      select: { id: true, retentionDays: true },
      where: { retentionDays: Not(IsNull()) },
    });
    return new Map(rows.map((row) => [row.id, Number(row.retentionDays)]));
  }
}
