import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * When a day's aggregates were built and when a submission of that day last changed (or was deleted),
 * both by the database's clock. The aggregates of a day are used only while `built_at` is after
 * `changed_at`; otherwise reports compute the day from the rows, and the builder rebuilds it.
 */
@Entity({ name: 'report_day_marks' })
export class ReportDayMarkEntity {
  @PrimaryColumn({ type: 'date' })
  day!: string;

  /** When the build that wrote the day's aggregates started reading the rows. */
  @Column({ name: 'built_at', type: 'datetime', precision: 3, nullable: true })
  builtAt!: Date | null;

  @Column({ name: 'changed_at', type: 'datetime', precision: 3, nullable: true })
  changedAt!: Date | null;
}
