import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Transaction } from '../database/transactions';
import { StaffPasskeyEntity } from './entities/staff-passkey.entity';

/** Every query of `staff_passkeys`. */
@Injectable()
export class StaffPasskeysRepository {
  constructor(@InjectRepository(StaffPasskeyEntity) private readonly passkeys: Repository<StaffPasskeyEntity>) {}

  ofAccount(accountId: string): Promise<StaffPasskeyEntity[]> {
    return this.passkeys.find({ where: { accountId }, order: { createdAt: 'ASC' } });
  }

  async hasAny(accountId: string): Promise<boolean> {
    return (await this.passkeys.countBy({ accountId })) > 0;
  }

  byCredential(credentialId: string): Promise<StaffPasskeyEntity | null> {
    return this.passkeys.findOneBy({ credentialId });
  }

  async insert(passkey: StaffPasskeyEntity): Promise<void> {
    await this.passkeys.insert(passkey);
  }

  /** Records a use: the authenticator's new counter, if it only went up (a cloned key's would not). */
  async used(id: string, counter: number, at: Date): Promise<void> {
    await this.passkeys.update({ id }, { counter, lastUsedAt: at });
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return ((await this.passkeys.delete({ id, accountId })).affected ?? 0) > 0;
  }

  async removeAll(accountId: string, tx: Transaction): Promise<void> {
    await tx.getRepository(StaffPasskeyEntity).delete({ accountId });
  }
}
