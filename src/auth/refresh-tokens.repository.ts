import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, Repository } from 'typeorm';
import { batchedEntityInsert, EntityInserts, insertStatement } from '../database/batched-insert';
import { retryOnConflict } from '../database/commit-conflict';
import { RefreshTokenEntity } from './entities/refresh-token.entity';

/** Every query of the `refresh_tokens` table. */
@Injectable()
export class RefreshTokensRepository {
  /** /auth.php calls that arrive together store their tokens with one statement. */
  private readonly familyStarts: EntityInserts<RefreshTokenEntity>;

  constructor(@InjectRepository(RefreshTokenEntity) private readonly tokens: Repository<RefreshTokenEntity>) {
    this.familyStarts = batchedEntityInsert(tokens);
  }

  /** Stores the first token of a family; settles once committed. */
  insertFirst(row: RefreshTokenEntity): Promise<void> {
    return this.familyStarts.insert(row);
  }

  findByHash(tokenHash: string): Promise<RefreshTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash });
  }

  /**
   * In one transaction: spends the token `spentId` (a conditional UPDATE, so of two concurrent
   * rotations exactly one succeeds, however stale the caller's row) and stores its successor.
   * False when the token had already been spent or revoked. A commit conflict (two rotations of one
   * token on two Galera nodes) runs it again, and the retry then finds the token spent.
   */
  spendAndReplace(spentId: string, usedAt: Date, successor: RefreshTokenEntity): Promise<boolean> {
    return retryOnConflict(() => this.spendAndReplaceOnce(spentId, usedAt, successor));
  }

  private spendAndReplaceOnce(spentId: string, usedAt: Date, successor: RefreshTokenEntity): Promise<boolean> {
    return this.tokens.manager.transaction(async (manager) => {
      const spent = await manager.update(
        RefreshTokenEntity,
        { id: spentId, usedAt: IsNull(), revokedAt: IsNull() },
        { usedAt },
      );
      if (spent.affected !== 1) {
        return false;
      }
      // A plain INSERT: TypeORM's query builder costs more CPU than the statement on this hot path.
      const { shape } = this.familyStarts;
      await manager.query(insertStatement(shape.table, shape.columns), shape.valuesOf(successor));
      return true;
    });
  }

  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.tokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: at });
  }

  /** Deletes up to `limit` tokens whose family has ended (retention); answers how many. */
  async purgeEnded(now: Date, limit: number): Promise<number> {
    const ended = await this.tokens.find({
      select: { id: true },
      where: { familyExpiresAt: LessThan(now) },
      take: limit,
    });
    if (ended.length === 0) {
      return 0;
    }
    return (await this.tokens.delete(ended.map((row) => row.id))).affected ?? 0;
  }
}
