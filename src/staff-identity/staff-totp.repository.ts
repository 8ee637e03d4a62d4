import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { v7 as uuidv7 } from 'uuid';
import { IsNull, Not, Repository } from 'typeorm';
import { FieldCipher } from '../database/field-cipher';
import { Transaction } from '../database/transactions';
import { StaffRecoveryCodeEntity } from './entities/staff-recovery-code.entity';
import { StaffTotpEntity } from './entities/staff-totp.entity';

/** Every query of `staff_totp` and `staff_recovery_codes`: secrets sealed on the way in, codes only as hashes. */
@Injectable()
export class StaffTotpRepository {
  constructor(
    @InjectRepository(StaffTotpEntity) private readonly apps: Repository<StaffTotpEntity>,
    @InjectRepository(StaffRecoveryCodeEntity) private readonly codes: Repository<StaffRecoveryCodeEntity>,
    private readonly cipher: FieldCipher,
  ) {}

  find(accountId: string): Promise<StaffTotpEntity | null> {
    return this.apps.findOneBy({ id: accountId });
  }

  /** Whether the account has a confirmed authenticator app (sign-in asks this on every password). */
  async isConfirmed(accountId: string): Promise<boolean> {
    return (await this.apps.countBy({ id: accountId, confirmedAt: Not(IsNull()) })) > 0;
  }

  /** Writes an app being set up (replacing one that was never confirmed). */
  async savePending(row: StaffTotpEntity): Promise<void> {
    await this.apps.upsert(this.cipher.sealRow('staff_totp', { ...row }), ['id']);
  }

  async confirm(accountId: string, confirmedAt: Date, step: number, tx: Transaction): Promise<boolean> {
    const result = await tx
      .getRepository(StaffTotpEntity)
      .update({ id: accountId, confirmedAt: IsNull() }, { confirmedAt, lastStep: step });
    return result.affected === 1;
  }

  /**
   * Records `step` as the last one accepted, if no code of it or a later step was accepted before:
   * one UPDATE, so of two requests with the same code (or two at once) exactly one wins.
   */
  async claimStep(accountId: string, step: number): Promise<boolean> {
    const result = await this.apps
      .createQueryBuilder()
      .update(StaffTotpEntity)
      .set({ lastStep: step })
      .where('id = :accountId AND confirmed_at IS NOT NULL AND (last_step IS NULL OR last_step < :step)', {
        accountId,
        step,
      })
      .execute();
    return result.affected === 1;
  }

  /** Removes the app and its recovery codes. */
  async remove(accountId: string, tx: Transaction): Promise<void> {
    await tx.getRepository(StaffTotpEntity).delete({ id: accountId });
    await tx.getRepository(StaffRecoveryCodeEntity).delete({ accountId });
  }

  /** The account's recovery codes become these (by their hashes); the old ones stop working. */
  async replaceRecoveryCodes(accountId: string, hashes: string[], createdAt: Date, tx: Transaction): Promise<void> {
    const repository = tx.getRepository(StaffRecoveryCodeEntity);
    await repository.delete({ accountId });
    await repository.insert(hashes.map((codeHash) => ({ id: uuidv7(), accountId, codeHash, usedAt: null, createdAt })));
  }

  /** Spends a recovery code: true once for each code, never again. */
  async useRecoveryCode(accountId: string, codeHash: string, usedAt: Date): Promise<boolean> {
    const result = await this.codes.update({ accountId, codeHash, usedAt: IsNull() }, { usedAt });
    return result.affected === 1;
  }

  unusedRecoveryCodes(accountId: string): Promise<number> {
    return this.codes.countBy({ accountId, usedAt: IsNull() });
  }
}
