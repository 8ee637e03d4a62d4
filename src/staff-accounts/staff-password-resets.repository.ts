import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Not, Repository } from 'typeorm';
import { StaffPasswordResetEntity } from './entities/staff-password-reset.entity';

/** Every query of the `staff_password_resets` table. */
@Injectable()
export class StaffPasswordResetsRepository {
  constructor(
    @InjectRepository(StaffPasswordResetEntity) private readonly resets: Repository<StaffPasswordResetEntity>,
  ) {}

  async insert(reset: StaffPasswordResetEntity): Promise<void> {
    await this.resets.insert(reset);
  }

  findByHash(tokenHash: string): Promise<StaffPasswordResetEntity | null> {
    return this.resets.findOneBy({ tokenHash });
  }

  /**
   * Uses a link: deletes it while it is still valid at `now`. True when this call used it, so of two
   * requests racing with the same link exactly one wins.
   */
  async use(id: string, now: Date): Promise<boolean> {
    return ((await this.resets.delete({ id, expiresAt: MoreThan(now) })).affected ?? 0) === 1;
  }

  async deleteById(id: string): Promise<void> {
    await this.resets.delete({ id });
  }

  /** Removes every link of an account but `keep` (its password changed: older links must not work). */
  async deleteAllOf(staffAccountId: string, keep?: string): Promise<void> {
    await this.resets.delete(keep ? { staffAccountId, id: Not(keep) } : { staffAccountId });
  }
}
