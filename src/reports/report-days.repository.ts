import { Injectable } from '@nestjs/common';
import { endianness } from 'node:os';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Transaction } from '../database/transactions';

/** One day's figures for one API key, assignee ('' unassigned) and label ('' all). */
export interface DayFigures {
  day: string;
  tagKey: string;
  apiKeyId: string;
  assigneeId: string;
  created: number;
  spam: number;
  closed: number;
  slaClosed: number;
  slaMet: number;
  /** Minutes (a list while computed, a typed array once read back: either is only read). */
  firstResponse: ArrayLike<number> & Iterable<number>;
  resolution: ArrayLike<number> & Iterable<number>;
  /** Satisfaction answers given that day (read from the surveys, not kept in the day figures). */
  good?: number;
  notGood?: number;
}

/** What a report is narrowed to (absent: any). */
export interface ReportScope {
  apiKeyId?: string;
  /** A label's compared form (tagKey). */
  tagKey?: string;
  /** An account id, or '' for unassigned. */
  assigneeId?: string;
}

const DAY_MS = 86_400_000;

/** The UTC day after `day` ('YYYY-MM-DD'). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Minutes as stored in a day's row: 32-bit unsigned little-endian integers. */
export function packMinutes(values: ArrayLike<number>): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  for (let index = 0; index < values.length; index += 1) {
    buffer.writeUInt32LE(values[index], index * 4);
  }
  return buffer;
}

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * A row's minutes as a typed array: on a little-endian machine one copy of the bytes (a year's report
 * reads about two million values; one by one they cost a second).
 */
export function unpackMinutes(buffer: Buffer): Uint32Array {
  const count = buffer.length / 4;
  if (LITTLE_ENDIAN) {
    return new Uint32Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + count * 4));
  }
  const values = new Uint32Array(count);
  for (let index = 0; index < count; index += 1) {
    values[index] = buffer.readUInt32LE(index * 4);
  }
  return values;
}

/** What a report counts from rows, before anything is summed: counts, and minutes as measured. */
export interface CountedFigures {
  created: number;
  spam: number;
  closed: number;
  slaClosed: number;
  slaMet: number;
  firstResponse: number[];
  resolution: number[];
}

/** Figures of nothing yet. */
export const noFigures = (): CountedFigures => ({
  created: 0,
  spam: 0,
  closed: 0,
  slaClosed: 0,
  slaMet: 0,
  firstResponse: [],
  resolution: [],
});

/** The answers to the three questions every report asks of the rows, each row with what `Row` adds. */
export interface ReportAnswers<Row> {
  arrivals: (Row & { created: string; spam: string })[];
  closings: (Row & { m: number | null; sla: number; met: number })[];
  responses: (Row & { m: number })[];
}

/** How a caller asks one question: its SELECT list and WHERE over `s` (submissions), the range's two `?`. */
export type AskReportQuestion<Row> = <Answer>(
  select: string,
  where: string,
  grouped: boolean,
) => Promise<(Row & Answer)[]>;

/**
 * The three questions every report asks of the rows in a range (a day, or a period for `by_field`):
 * what arrived (counted, so `grouped`), what was closed and what had its first response. Spam counts as
 * spam only: it has no first response or resolution in the reports. Independent: asked at once, they
 * cost one round trip's wait.
 */
export async function askReportQuestions<Row>(ask: AskReportQuestion<Row>): Promise<ReportAnswers<Row>> {
  const [arrivals, closings, responses] = await Promise.all([
    ask<{ created: string; spam: string }>(
      "SUM(s.status <> 'spam') AS created, SUM(s.status = 'spam') AS spam",
      's.created_at >= ? AND s.created_at < ?',
      true,
    ),
    ask<{ m: number | null; sla: number; met: number }>(
      's.resolution_minutes AS m, s.sla_policy_id IS NOT NULL AS sla, ' +
        '(s.first_response_breached_at IS NULL AND s.resolution_breached_at IS NULL) AS met',
      "s.closed_at >= ? AND s.closed_at < ? AND s.status = 'closed'",
      false,
    ),
    ask<{ m: number }>(
      's.first_response_minutes AS m',
      "s.first_response_at >= ? AND s.first_response_at < ? AND s.first_response_minutes IS NOT NULL AND s.status <> 'spam'",
      false,
    ),
  ]);
  return { arrivals, closings, responses };
}

/** Adds the answers into the figures `figuresOf` gives for each row. */
export function tally<Row>(answers: ReportAnswers<Row>, figuresOf: (row: Row) => CountedFigures): void {
  for (const row of answers.arrivals) {
    const figures = figuresOf(row);
    figures.created += Number(row.created);
    figures.spam += Number(row.spam);
  }
  for (const row of answers.closings) {
    const figures = figuresOf(row);
    figures.closed += 1;
    if (Number(row.sla) === 1) {
      figures.slaClosed += 1;
      figures.slaMet += Number(row.met);
    }
    if (row.m !== null) {
      figures.resolution.push(Number(row.m));
    }
  }
  for (const row of answers.responses) {
    figuresOf(row).firstResponse.push(Number(row.m));
  }
}

/** The API key and assignee of label rows summed over every key or assignee (see computeDay). */
export const ANY = '*';

/** Which label rows answer `by_tag` for a scope: summed over what the scope leaves open. */
export function tagGrainOf(scope: ReportScope): { apiKeyId: string; assigneeId: string } {
  return { apiKeyId: scope.apiKeyId ?? ANY, assigneeId: scope.assigneeId ?? ANY };
}

/** The grain of the figures: a label ('' all), an API key, an assignee ('' none). */
const grainOf = (row: { t: string; k: string; a: string }) => `${row.t}\u0000${row.k}\u0000${row.a}`;

/**
 * Every query of the reports: a day's figures computed from `submissions` (and `submission_tags`) as
 * they are, the built days' figures (`report_days`) and the marks that say which are current
 * (`report_day_marks`). Hand-written SQL: each is a range over one index (created_at, closed_at,
 * first_response_at) that a query builder would only obscure.
 */
@Injectable()
export class ReportDaysRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One day's figures from the rows, for every label ('' for all) and API key and assignee that had
   * any. Spam counts as spam only: it has no first response or resolution in the reports.
   */
  async computeDay(day: string, runner: Transaction = this.dataSource.manager): Promise<DayFigures[]> {
    const range = [`${day} 00:00:00`, `${nextDay(day)} 00:00:00`];
    const grains = new Map<string, DayFigures & CountedFigures>();
    const figuresOf = (row: { t: string; k: string; a: string }) => {
      const key = grainOf(row);
      let figures = grains.get(key);
      if (!figures) {
        figures = { day, tagKey: row.t, apiKeyId: row.k, assigneeId: row.a, ...noFigures() };
        grains.set(key, figures);
      }
      return figures;
    };
    // Each question twice: for all submissions (label ''), and once per label they carry.
    const plain = (select: string, where: string) =>
      `SELECT '' AS t, s.api_key_id AS k, COALESCE(s.assignee_id, '') AS a, ${select} FROM submissions s WHERE ${where}`;
    const tagged = (select: string, where: string) =>
      `SELECT g.tag_key AS t, s.api_key_id AS k, COALESCE(s.assignee_id, '') AS a, ${select} ` +
      `FROM submissions s JOIN submission_tags g ON g.submission_id = s.id WHERE ${where}`;
    const group = (grouped: boolean) => (grouped ? 'GROUP BY t, k, a' : '');
    const answers = await askReportQuestions<{ t: string; k: string; a: string }>(
      async <Answer>(select: string, where: string, grouped: boolean) =>
        [
          ...(await runner.query<Answer[]>(`${plain(select, where)} ${group(grouped)}`, range)),
          ...(await runner.query<Answer[]>(`${tagged(select, where)} ${group(grouped)}`, range)),
        ] as (Answer & { t: string; k: string; a: string })[],
    );
    tally(answers, figuresOf);
    // A year's `by_tag` would read a row per day, label, key and assignee (a quarter of a million at a
    // million submissions): each label's figures are also kept summed over every key and assignee, over
    // every assignee of a key, and over every key of an assignee (ANY), and by_tag reads those.
    for (const figures of [...grains.values()]) {
      if (figures.tagKey === '') {
        continue;
      }
      for (const [k, a] of [
        [ANY, ANY],
        [figures.apiKeyId, ANY],
        [ANY, figures.assigneeId],
      ]) {
        const total = figuresOf({ t: figures.tagKey, k, a });
        total.created += figures.created;
        total.spam += figures.spam;
        total.closed += figures.closed;
        total.slaClosed += figures.slaClosed;
        total.slaMet += figures.slaMet;
        total.firstResponse.push(...figures.firstResponse);
        total.resolution.push(...figures.resolution);
      }
    }
    return [...grains.values()];
  }

  /**
   * The built figures of these days in `scope`: for all labels or the one asked, at the full grain (by
   * key and assignee), or for every label (`byTag`) at the grain tagGrainOf names.
   */
  async builtFigures(days: readonly string[], scope: ReportScope, byTag: boolean): Promise<DayFigures[]> {
    if (days.length === 0) {
      return [];
    }
    const conditions = [`day IN (${days.map(() => '?').join(', ')})`];
    const parameters: unknown[] = [...days];
    if (byTag) {
      // Every label's rows at the grain the filters ask for (see computeDay).
      const grain = tagGrainOf(scope);
      conditions.push("tag_key <> ''", 'api_key_id = ?', 'assignee_id = ?');
      parameters.push(grain.apiKeyId, grain.assigneeId);
    } else {
      conditions.push('tag_key = ?', 'api_key_id <> ?', 'assignee_id <> ?');
      parameters.push(scope.tagKey ?? '', ANY, ANY);
      if (scope.apiKeyId !== undefined) {
        conditions.push('api_key_id = ?');
        parameters.push(scope.apiKeyId);
      }
      if (scope.assigneeId !== undefined) {
        conditions.push('assignee_id = ?');
        parameters.push(scope.assigneeId);
      }
    }
    const rows = await this.dataSource.query<
      {
        day: string;
        tag_key: string;
        api_key_id: string;
        assignee_id: string;
        created: number;
        spam: number;
        closed: number;
        sla_closed: number;
        sla_met: number;
        first_response_values: Buffer;
        resolution_values: Buffer;
      }[]
    >(
      "SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day, tag_key, api_key_id, assignee_id, created, spam, closed, " +
        'sla_closed, sla_met, first_response_values, resolution_values FROM report_days WHERE ' +
        conditions.join(' AND '),
      parameters,
    );
    return rows.map((row) => ({
      day: row.day,
      tagKey: row.tag_key,
      apiKeyId: row.api_key_id,
      assigneeId: row.assignee_id,
      created: Number(row.created),
      spam: Number(row.spam),
      closed: Number(row.closed),
      slaClosed: Number(row.sla_closed),
      slaMet: Number(row.sla_met),
      firstResponse: unpackMinutes(row.first_response_values),
      resolution: unpackMinutes(row.resolution_values),
    }));
  }

  /** The days in [from, to] whose built figures are current (built after the last change). */
  async currentDays(from: string, to: string): Promise<Set<string>> {
    const rows = await this.dataSource.query<{ day: string }[]>(
      "SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day FROM report_day_marks WHERE day >= ? AND day <= ? " +
        'AND built_at IS NOT NULL AND (changed_at IS NULL OR changed_at < built_at)',
      [from, to],
    );
    return new Set(rows.map((row) => row.day));
  }

  /** The first day any submission arrived (UTC), or null when there is none. */
  async firstDay(): Promise<string | null> {
    const rows = await this.dataSource.query<{ day: string | null }[]>(
      "SELECT DATE_FORMAT(MIN(created_at), '%Y-%m-%d') AS day FROM submissions",
    );
    return rows[0]?.day ?? null;
  }

  /**
   * Replaces a day's figures with `figures`, computed from rows read after `readAt` (the database's
   * time, see now()), and marks the day built as of then: a change that lands meanwhile leaves the day
   * marked changed after it, so it is built again.
   */
  async replaceDay(day: string, figures: DayFigures[], readAt: Date): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query('DELETE FROM report_days WHERE day = ?', [day]);
      for (let start = 0; start < figures.length; start += 200) {
        const batch = figures.slice(start, start + 200);
        await tx.query(
          'INSERT INTO report_days (day, tag_key, api_key_id, assignee_id, created, spam, closed, sla_closed, ' +
            'sla_met, first_response_values, resolution_values) VALUES ' +
            batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', '),
          batch.flatMap((row) => [
            day,
            row.tagKey,
            row.apiKeyId,
            row.assigneeId,
            row.created,
            row.spam,
            row.closed,
            row.slaClosed,
            row.slaMet,
            packMinutes(row.firstResponse),
            packMinutes(row.resolution),
          ]),
        );
      }
      await tx.query(
        'INSERT INTO report_day_marks (day, built_at) VALUES (?, ?) ON DUPLICATE KEY UPDATE built_at = VALUES(built_at)',
        [day, readAt],
      );
    });
  }

  /** The database's time (marks compare it, not the processes' clocks). */
  async now(): Promise<Date> {
    const rows = await this.dataSource.query<{ now: Date }[]>('SELECT NOW(3) AS now');
    return rows[0].now;
  }

  /** Marks days as changed now, so their built figures are not used until built again. */
  async markChanged(days: readonly string[], runner: Transaction = this.dataSource.manager): Promise<void> {
    // In order: two transactions marking the same days lock their rows in the same order, never crosswise.
    const unique = [...new Set(days)].sort();
    if (unique.length === 0) {
      return;
    }
    await runner.query(
      `INSERT INTO report_day_marks (day, changed_at) VALUES ${unique.map(() => '(?, NOW(3))').join(', ')} ` +
        'ON DUPLICATE KEY UPDATE changed_at = NOW(3)',
      unique,
    );
  }

  /**
   * The days (UTC) a submission's figures fall on: its arrival, closing (the last one too, which a
   * reopening leaves behind) and first response.
   */
  async daysOf(ids: readonly string[], runner: Transaction = this.dataSource.manager): Promise<string[]> {
    if (ids.length === 0) {
      return [];
    }
    const rows = await runner.query<{ c: string; d: string | null; l: string | null; f: string | null }[]>(
      "SELECT DATE_FORMAT(created_at, '%Y-%m-%d') AS c, DATE_FORMAT(closed_at, '%Y-%m-%d') AS d, " +
        "DATE_FORMAT(last_closed_at, '%Y-%m-%d') AS l, DATE_FORMAT(first_response_at, '%Y-%m-%d') AS f " +
        `FROM submissions WHERE id IN (${ids.map(() => '?').join(', ')})`,
      [...ids],
    );
    return rows.flatMap((row) => [row.c, row.d, row.l, row.f].filter((day): day is string => day !== null));
  }
}
