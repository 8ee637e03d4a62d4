import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThan, Not, ObjectLiteral, Raw, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { SEALED_LATER, SealedTable } from './field-cipher';

/** A row of a sealed table as it loads (opened by the sealed-columns subscriber). */
export interface SealedRow extends ObjectLiteral {
  id: string;
  encKeyId: string | null;
  unreadable?: string;
}

/**
 * The key rotation queries (`privacy reencrypt`) over every sealed table, found by table name in the
 * data source's metadata: the mechanism is the cipher's, the tables belong to their rooms, and this
 * touches only the columns FieldCipher seals and `enc_key_id`.
 */
@Injectable()
export class SealedRowsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Up to `limit` rows of a sealed table not sealed with `keyId` (in clear, or under an older key)
   * after id `afterId` (keyset: rows that cannot be moved are passed, not read again), oldest first,
   * opened as they load.
   */
  notSealedWith(table: SealedTable, keyId: string, limit: number, afterId: string): Promise<SealedRow[]> {
    // Also rows under `keyId` with a column sealed later still in clear (SEALED_LATER): a sealed value
    // starts with `A` (65), which no clear value of those columns does.
    const clearLater = (SEALED_LATER[table] ?? []).map((column) => ({
      encKeyId: keyId,
      id: MoreThan(afterId),
      [column]: Raw((stored) => `ASCII(${stored}) <> 65`),
    }));
    return this.repositoryOf(table).find({
      where: [
        { encKeyId: IsNull(), id: MoreThan(afterId) },
        { encKeyId: Not(keyId), id: MoreThan(afterId) },
        ...clearLater,
      ],
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /**
   * Writes a row's newly sealed columns if it is still sealed as it was read (`previousKeyId`), so a
   * concurrent run cannot seal a row twice (a row whose later-sealed columns are sealed under the key it
   * has already may be written twice by two runs: the same values, sealed afresh). Returns whether it did.
   */
  async reseal(
    table: SealedTable,
    row: { id: string; encKeyId: string | null },
    previousKeyId: string | null,
    columns: Record<string, string | null>,
  ): Promise<boolean> {
    const changes = { ...columns, encKeyId: row.encKeyId } as QueryDeepPartialEntity<SealedRow>;
    const result = await this.repositoryOf(table).update(
      { id: row.id, encKeyId: previousKeyId === null ? IsNull() : previousKeyId },
      changes,
    );
    return result.affected === 1;
  }

  private repositoryOf(table: SealedTable): Repository<SealedRow> {
    const metadata = this.dataSource.entityMetadatas.find((entity) => entity.tableName === table);
    if (!metadata) {
      throw new Error(`No entity for the sealed table ${table}`);
    }
    return this.dataSource.getRepository<SealedRow>(metadata.target);
  }
}
