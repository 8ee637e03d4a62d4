import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { askReportQuestions, CountedFigures, noFigures, tally } from './report-days.repository';

/** A report's figures of the submissions with one value of a custom field (`by_field`). */
export type FieldFigures = CountedFigures & { value: string };

/** Which submissions `by_field` counts: a field of these keys, narrowed as the report is. */
export interface FieldReportScope {
  name: string;
  /** Keys that define the field as a select that is not personal (its values have `value_key`). */
  apiKeyIds: readonly string[];
  /** A label's compared form (tagKey). */
  tagKey?: string;
  /** An account id, or '' for unassigned. */
  assigneeId?: string;
}

/**
 * The queries of reports' `by_field` (issue 55): the figures of a period by the value of a select field,
 * counted from the rows as they are (`submissions` joined to `submission_field_values` on its
 * comparable column, `value_key`), with the questions a day's figures are computed with
 * (askReportQuestions), over the whole period at once. Not kept in day aggregates: any select field of
 * any key may be asked for, and a field names at most 100 options.
 */
@Injectable()
export class ReportFieldsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The figures of [from, to) by the field's value: only values some submission of the period has. */
  async figures(range: { from: string; to: string }, scope: FieldReportScope): Promise<FieldFigures[]> {
    if (scope.apiKeyIds.length === 0) {
      return [];
    }
    const conditions = ['s.api_key_id IN (?)'];
    const narrowing: unknown[] = [[...scope.apiKeyIds]];
    if (scope.assigneeId === '') {
      conditions.push('s.assignee_id IS NULL');
    } else if (scope.assigneeId !== undefined) {
      conditions.push('s.assignee_id = ?');
      narrowing.push(scope.assigneeId);
    }
    if (scope.tagKey !== undefined) {
      conditions.push('EXISTS (SELECT 1 FROM submission_tags g WHERE g.submission_id = s.id AND g.tag_key = ?)');
      narrowing.push(scope.tagKey);
    }
    const answers = await askReportQuestions<{ f: string }>(<Answer>(select: string, where: string, grouped: boolean) =>
      this.dataSource.query<(Answer & { f: string })[]>(
        `SELECT v.value_key AS f, ${select} FROM submissions s ` +
          'JOIN submission_field_values v ON v.submission_id = s.id AND v.name = ? AND v.value_key IS NOT NULL ' +
          `WHERE ${where} AND ${conditions.join(' AND ')} ${grouped ? 'GROUP BY v.value_key' : ''}`,
        [scope.name, range.from, range.to, ...narrowing],
      ),
    );
    const byValue = new Map<string, FieldFigures>();
    tally(answers, (row) => {
      let figures = byValue.get(row.f);
      if (!figures) {
        figures = { value: row.f, ...noFigures() };
        byValue.set(row.f, figures);
      }
      return figures;
    });
    return [...byValue.values()];
  }
}
