import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { RuleActionSpec, RuleConditionSpec, RuleEvent } from '../rule-definition';

/**
 * A rule (admins): when its event happens to a submission and every condition holds, its actions
 * change the submission, in the change's transaction, audited with the rule as the actor. Rules run
 * by `position` (then name). Staff's own settings, no personal data: stored in clear.
 */
@Entity({ name: 'rules' })
@Index('uq_rules_name', ['name'], { unique: true })
@Index('ix_rules_position', ['position'])
export class RuleEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ type: 'varchar', length: 32 })
  event!: RuleEvent;

  @Column({ type: 'simple-json' })
  conditions!: RuleConditionSpec[];

  @Column({ type: 'simple-json' })
  actions!: RuleActionSpec[];

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
