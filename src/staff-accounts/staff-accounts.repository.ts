import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { StaffAccountEntity } from './entities/staff-account.entity';

/** Every query of the `staff_accounts` table. */
@Injectable()
export class StaffAccountsRepository {
  constructor(@InjectRepository(StaffAccountEntity) private readonly accounts: Repository<StaffAccountEntity>) {}

  async insert(account: StaffAccountEntity): Promise<void> {
    await this.accounts.insert(account);
  }

  list(): Promise<StaffAccountEntity[]> {
    return this.accounts.find({ order: { createdAt: 'ASC' } });
  }

  findByIds(ids: string[]): Promise<StaffAccountEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.accounts.findBy({ id: In(ids) });
  }

  findById(id: string): Promise<StaffAccountEntity | null> {
    return this.accounts.findOneBy({ id });
  }

  findByEmail(email: string): Promise<StaffAccountEntity | null> {
    return this.accounts.findOneBy({ email });
  }

  async update(
    id: string,
    changes: Partial<
      Pick<
        StaffAccountEntity,
        | 'name'
        | 'role'
        | 'passwordHash'
        | 'passwordChangedAt'
        | 'mustChangePassword'
        | 'disabledAt'
        | 'lastLoginAt'
        | 'away'
      >
    >,
  ): Promise<void> {
    await this.accounts.update({ id }, changes);
  }
}
