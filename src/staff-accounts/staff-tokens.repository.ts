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

  /** The active token with this hash (a revoked one is not found). */
  findActiveByHash(tokenHash: string): Promise<StaffTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash, revokedAt: IsNull() });
  }

  /** True when this call revoked it. */
  async revoke(id: string, at: Date): Promise<boolean> {
    return ((await this.tokens.update({ id, revokedAt: IsNull() }, { revokedAt: at })).affected ?? 0) === 1;
  }
}
