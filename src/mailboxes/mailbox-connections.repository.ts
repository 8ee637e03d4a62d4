import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { FieldCipher } from '../database/field-cipher';
import { Transaction, Transactions } from '../database/transactions';
import { MAILBOX_ID, MailboxConnectionEntity } from './entities/mailbox-connection.entity';

/** Every query of `mailbox_connections`: the one row, sealed on the way in, opened as it loads. */
@Injectable()
export class MailboxConnectionsRepository {
  constructor(
    @InjectRepository(MailboxConnectionEntity) private readonly rows: Repository<MailboxConnectionEntity>,
    private readonly cipher: FieldCipher,
    private readonly transactions: Transactions,
  ) {}

  find(): Promise<MailboxConnectionEntity | null> {
    return this.rows.findOneBy({ id: MAILBOX_ID });
  }

  /**
   * Runs `work` with the row locked (SELECT ... FOR UPDATE; null when there is none yet): one process
   * at a time refreshes the grant, so a provider that rotates refresh tokens never sees the old one
   * used twice, and a process that waited reads the token the first one got.
   */
  locked<T>(work: (row: MailboxConnectionEntity | null, tx: Transaction) => Promise<T>): Promise<T> {
    return this.transactions.run(async (tx) => {
      const row = await tx
        .getRepository(MailboxConnectionEntity)
        .createQueryBuilder('mailbox')
        .setLock('pessimistic_write')
        .where('mailbox.id = :id', { id: MAILBOX_ID })
        .getOne();
      return work(row, tx);
    });
  }

  /** Writes the whole row (its secrets sealed under the current key). */
  async save(row: MailboxConnectionEntity, tx?: Transaction): Promise<void> {
    const repository = tx ? tx.getRepository(MailboxConnectionEntity) : this.rows;
    await repository.upsert(this.cipher.sealRow('mailbox_connections', { ...row, id: MAILBOX_ID }), ['id']);
  }

  async remove(tx: Transaction): Promise<void> {
    await tx.getRepository(MailboxConnectionEntity).delete({ id: MAILBOX_ID });
  }

  /** Records what the last poll or send found, leaving the grant as it is. */
  async recordOutcome(
    changes: Partial<Pick<MailboxConnectionEntity, 'state' | 'lastPollAt' | 'lastError'>>,
    updatedAt: Date,
  ): Promise<void> {
    await this.rows.update({ id: MAILBOX_ID }, { ...changes, updatedAt });
  }
}
