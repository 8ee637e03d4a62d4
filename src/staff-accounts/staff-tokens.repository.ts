import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { StaffTokenEntity } from './entities/staff-token.entity';

/** Every query of the `staff_tokens` table. */
@Injectable()
export class StaffTokensRepository {
  constructor(@InjectRepository(StaffTokenEntity) private readonly tokens: Repository<StaffTokenEntity>) {}

  async insert(token: StaffTokenEntity): Promise<void> {
    await this.tokens.insert(token);
  }

  findById(id: string): Promise<StaffTokenEntity | null> {
    return this.tokens.findOneBy({ id });
  }

  /** The active token with this hash (a revoked or expired one is not found). */
  async findActiveByHash(tokenHash: string, now: Date): Promise<StaffTokenEntity | null> {
    const token = await this.tokens.findOneBy({ tokenHash, revokedAt: IsNull() });
    return token && (token.expiresAt === null || token.expiresAt > now) ? token : null;
  }

  /** Every token, or an account's, newest first. */
  list(staffAccountId?: string): Promise<StaffTokenEntity[]> {
    return this.tokens.find({ where: staffAccountId ? { staffAccountId } : {}, order: { createdAt: 'DESC' } });
  }

  /** Revokes every active token of an account; answers how many. */
  async revokeAllOf(staffAccountId: string, at: Date): Promise<number> {
    return (await this.tokens.update({ staffAccountId, revokedAt: IsNull() }, { revokedAt: at })).affected ?? 0;
  }

  /** True when this call revoked it. */
  async revoke(id: string, at: Date): Promise<boolean> {
    return ((await this.tokens.update({ id, revokedAt: IsNull() }, { revokedAt: at })).affected ?? 0) === 1;
  }
}
