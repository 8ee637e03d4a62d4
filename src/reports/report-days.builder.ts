import { Injectable, Logger } from '@nestjs/common';
import { DayFigures, nextDay, ReportDaysRepository } from './report-days.repository';

const DAY_MS = 86_400_000;
/**
 * A day is built once it has been over this long: a submission stored just before midnight may commit
 * just after, and must be in its day's figures.
 */
const SETTLE_MS = 10 * 60_000;
/**
 * Whether `day` may be built by `now` (it has been over SETTLE_MS). A day that may not is computed from
 * the rows by every report, so a change of it needs no mark (ReportStaleDays).
 */
export function mayBeBuilt(day: string, now: Date): boolean {
  return Date.parse(`${nextDay(day)}T00:00:00Z`) + SETTLE_MS <= now.getTime();
}

/** How far back the builder goes: the longest report. */
const HISTORY_DAYS = 1100;

/**
 * Builds the day aggregates reports read: each day's figures computed from the rows as they are and
 * stored with the database time the reading began. A later change of a submission of that day marks
 * it changed (ReportStaleDays), so it is computed from the rows again until rebuilt: the figures stay
 * exact through staff changes, erasure and retention. Any number of processes may build at once (a
 * day's rows are replaced in one transaction).
 */
@Injectable()
export class ReportDaysBuilder {
  private readonly logger = new Logger(ReportDaysBuilder.name);

  constructor(private readonly days: ReportDaysRepository) {}

  /** Computes these days from the rows and keeps those that are over (for the next report); answers all. */
  async computeAndKeep(days: readonly string[], now: Date): Promise<DayFigures[]> {
    const figures: DayFigures[] = [];
    for (const day of days) {
      figures.push(...(await this.buildDay(day, now)));
    }
    return figures;
  }

  /**
   * One pass: the days of the last HISTORY_DAYS that are over and not built (or changed since), newest
   * first, at most `limit` of them. Answers how many it built.
   */
  async buildPass(now: Date, limit: number): Promise<number> {
    const first = await this.days.firstDay();
    if (first === null) {
      return 0;
    }
    const lastOver = new Date(now.getTime() - SETTLE_MS - DAY_MS).toISOString().slice(0, 10);
    const earliest = new Date(now.getTime() - HISTORY_DAYS * DAY_MS).toISOString().slice(0, 10);
    const from = first > earliest ? first : earliest;
    if (from > lastOver) {
      return 0;
    }
    const current = await this.days.currentDays(from, lastOver);
    const due: string[] = [];
    for (let day = from; day <= lastOver; day = nextDay(day)) {
      if (!current.has(day)) {
        due.push(day);
      }
    }
    const batch = due.reverse().slice(0, limit);
    for (const day of batch) {
      await this.buildDay(day, now);
    }
    return batch.length;
  }

  /** A day's figures from the rows; kept when the day is over (a failure to keep is logged, not thrown). */
  private async buildDay(day: string, now: Date): Promise<DayFigures[]> {
    const readAt = await this.days.now();
    const figures = await this.days.computeDay(day);
    if (mayBeBuilt(day, now)) {
      try {
        await this.days.replaceDay(day, figures, readAt);
      } catch (error) {
        this.logger.warn(`Report figures of ${day} not kept (${(error as Error).message}); computed again next time`);
      }
    }
    return figures;
  }
}
