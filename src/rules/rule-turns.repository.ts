import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import type { Transaction } from '../database/transactions';
import { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';
import { RuleTurnEntity } from './entities/rule-turn.entity';

/** What round robin needs to know of an agent. */
export interface AgentStanding {
  id: string;
  away: boolean;
  disabled: boolean;
}

/**
 * The `rule_turns` table (each rule's last agent), and what round robin reads beside it: the agents'
 * standing and how many new or open submissions each holds.
 */
@Injectable()
export class RuleTurnsRepository {
  constructor(@InjectRepository(RuleTurnEntity) private readonly turns: Repository<RuleTurnEntity>) {}

  /** Makes the rule's turn row (when the rule is written), so taking a turn only ever locks it. */
  async ensure(ruleId: string, tx?: Transaction): Promise<void> {
    const turns = tx ? tx.getRepository(RuleTurnEntity) : this.turns;
    await turns
      .createQueryBuilder()
      .insert()
      .values({ ruleId, lastAgentId: null, updatedAt: new Date() })
      .orIgnore()
      .execute();
  }

  /**
   * The agent the rule assigned last, its row locked (FOR UPDATE) until `tx` ends: every process takes
   * its turn from this one row, one at a time. A row missing (a rule written by hand) is made first.
   */
  async lockLast(ruleId: string, tx: Transaction): Promise<string | null> {
    const read = () =>
      tx
        .getRepository(RuleTurnEntity)
        .createQueryBuilder('turn')
        .setLock('pessimistic_write')
        .where('turn.rule_id = :ruleId', { ruleId })
        .getOne();
    let turn = await read();
    if (!turn) {
      await this.ensure(ruleId, tx);
      turn = await read();
    }
    return turn?.lastAgentId ?? null;
  }

  async recordLast(ruleId: string, agentId: string, tx: Transaction): Promise<void> {
    await tx.getRepository(RuleTurnEntity).update({ ruleId }, { lastAgentId: agentId, updatedAt: new Date() });
  }

  async delete(ruleId: string): Promise<void> {
    await this.turns.delete({ ruleId });
  }

  /** The agents among `ids` that exist, with whether each is away or disabled. */
  async standingOf(ids: string[], tx: Transaction): Promise<AgentStanding[]> {
    const rows = await tx.getRepository(StaffAccountEntity).find({
      select: { id: true, away: true, disabledAt: true },
      where: { id: In(ids) },
    });
    return rows.map((row) => ({ id: row.id, away: row.away, disabled: row.disabledAt !== null }));
  }

  /**
   * How many submissions in status new or open each of `ids` holds, read as committed now (a locking
   * read: the transaction's snapshot may be older than the last turn's commit), on the index
   * (assignee_id, status).
   */
  async openCountsOf(ids: string[], tx: Transaction): Promise<Map<string, number>> {
    // Written out: TypeORM spells a shared lock `FOR SHARE` (MySQL 8), which MariaDB does not take.
    const rows = await tx.query<{ assignee: string; open: string | number }[]>(
      'SELECT assignee_id AS assignee, COUNT(*) AS open FROM submissions ' +
        'WHERE assignee_id IN (?) AND status IN (?) GROUP BY assignee_id LOCK IN SHARE MODE',
      [ids, ['new', 'open']],
    );
    return new Map(rows.map((row) => [row.assignee, Number(row.open)]));
  }
}
