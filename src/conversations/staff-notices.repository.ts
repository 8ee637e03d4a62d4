import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, MoreThan, Repository } from 'typeorm';
import { isDuplicateKey } from '../database/duplicate-key';
import type { Transaction } from '../database/transactions';
import { StaffNoticeEntity } from './entities/staff-notice.entity';
import { STAFF_NOTICE_STATE, STAFF_NOTICE_TRANSITIONS, StaffNoticeEvent, StaffNoticeKind } from './staff-notice-state';

/** Every query of the `staff_notices` table. */
@Injectable()
export class StaffNoticesRepository {
  constructor(@InjectRepository(StaffNoticeEntity) private readonly notices: Repository<StaffNoticeEntity>) {}

  /**
   * Stores a notice in `tx` unless its cause has one already (the unique index decides); answers
   * whether it stored this one. A duplicate key fails the statement, not the transaction (InnoDB).
   */
  async insertOnce(notice: StaffNoticeEntity, tx: Transaction): Promise<boolean> {
    try {
      await tx.getRepository(StaffNoticeEntity).insert(notice);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) {
        return false;
      }
      throw error;
    }
  }

  findBySource(kind: StaffNoticeKind, sourceId: string): Promise<StaffNoticeEntity | null> {
    return this.notices.findOneBy({ kind, sourceId });
  }

  /** Moves a notice along STAFF_NOTICE_TRANSITIONS if it is still where `event` leaves from; answers whether it did. */
  async settle(id: string, event: StaffNoticeEvent, sentAt: Date | null = null): Promise<boolean> {
    const { from, to } = STAFF_NOTICE_TRANSITIONS[event];
    const result = await this.notices.update(
      { id, state: In([...from]) },
      { state: to, ...(sentAt ? { sentAt } : {}) },
    );
    return (result.affected ?? 0) === 1;
  }

  /** Notices still queued, made before `cutoff`, after id `afterId` (the reconciler checks each has its job). */
  queuedBefore(cutoff: Date, afterId: string, limit: number): Promise<StaffNoticeEntity[]> {
    return this.notices.find({
      where: { state: STAFF_NOTICE_STATE.queued, createdAt: LessThan(cutoff), id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** Deletes the notices of these submissions, in `tx` (erasure and retention). */
  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<void> {
    await tx.getRepository(StaffNoticeEntity).delete({ submissionId: In(submissionIds) });
  }
}
