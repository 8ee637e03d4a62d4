import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Whose turn it is in a rule's round robin: the agent it assigned last. The row is locked (FOR UPDATE)
 * in the change's transaction while the next agent is chosen, so every API process and worker takes
 * turns from the one row and no two changes take the same turn.
 */
@Entity({ name: 'rule_turns' })
export class RuleTurnEntity {
  @PrimaryColumn({ name: 'rule_id', type: 'char', length: 36 })
  ruleId!: string;

  @Column({ name: 'last_agent_id', type: 'char', length: 36, nullable: true })
  lastAgentId!: string | null;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
