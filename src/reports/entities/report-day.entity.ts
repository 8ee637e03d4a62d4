import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One day's figures (UTC) for one API key and assignee, and for one label or for all (`tag_key` ''),
 * rebuilt from the submissions as they are (see ReportDaysBuilder). Counts and minutes only: no
 * submission id, no words, nothing of a person.
 */
@Entity({ name: 'report_days' })
export class ReportDayEntity {
  @PrimaryColumn({ type: 'date' })
  day!: string;

  /** '' for every submission of the day; a label's compared form for those carrying it. */
  @PrimaryColumn({ name: 'tag_key', type: 'varchar', length: 160, charset: 'utf8mb4', collation: 'utf8mb4_bin' })
  tagKey!: string;

  @PrimaryColumn({ name: 'api_key_id', type: 'char', length: 36 })
  apiKeyId!: string;

  /** '' for unassigned. */
  @PrimaryColumn({ name: 'assignee_id', type: 'varchar', length: 36 })
  assigneeId!: string;

  /** Arrived that day (spam aside). */
  @Column({ type: 'int', unsigned: true })
  created!: number;

  /** Arrived that day and spam. */
  @Column({ type: 'int', unsigned: true })
  spam!: number;

  /** Closed that day (still closed). */
  @Column({ type: 'int', unsigned: true })
  closed!: number;

  /** Of those closed, how many had a service level, and how many kept it (no target breached). */
  @Column({ name: 'sla_closed', type: 'int', unsigned: true })
  slaClosed!: number;

  @Column({ name: 'sla_met', type: 'int', unsigned: true })
  slaMet!: number;

  /** Business minutes of the first responses given that day, as 32-bit unsigned little-endian integers. */
  @Column({ name: 'first_response_values', type: 'mediumblob' })
  firstResponseValues!: Buffer;

  /** Business minutes to resolution of those closed that day, packed the same way. */
  @Column({ name: 'resolution_values', type: 'mediumblob' })
  resolutionValues!: Buffer;
}
