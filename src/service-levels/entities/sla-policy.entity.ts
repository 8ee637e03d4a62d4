import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { BusinessHours } from '../business-calendar';

/** Which submissions a policy applies to: every condition given must match (absent or empty: any). */
export interface SlaPolicyScope {
  api_key_ids?: string[];
  priorities?: string[];
  /** Carrying any one of these labels (compared as tags are: any letter case). */
  tags?: string[];
  /**
   * Custom fields' values (issue 55), every one of them: a select's option, one of a multi_select's
   * choices, a checkbox's true or false (compared as stored, not personal fields).
   */
  fields?: Record<string, string | boolean>;
}

/**
 * An SLA policy: how soon a matching submission is answered and resolved, in business minutes of its
 * hours. The first policy by `position` that matches a submission applies. Staff's own settings, no
 * personal data: stored in clear.
 */
@Entity({ name: 'sla_policies' })
@Index('uq_sla_policies_name', ['name'], { unique: true })
@Index('ix_sla_policies_position', ['position'])
export class SlaPolicyEntity {
  @PrimaryColumn({ type: 'char', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'int' })
  position!: number;

  @Column({ name: 'first_response_minutes', type: 'int', unsigned: true, nullable: true })
  firstResponseMinutes!: number | null;

  @Column({ name: 'resolution_minutes', type: 'int', unsigned: true, nullable: true })
  resolutionMinutes!: number | null;

  /** Null: around the clock. */
  @Column({ name: 'business_hours', type: 'simple-json', nullable: true })
  businessHours!: BusinessHours | null;

  @Column({ name: 'applies_to', type: 'simple-json' })
  appliesTo!: SlaPolicyScope;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
