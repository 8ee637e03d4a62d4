import { HttpStatus, Injectable } from '@nestjs/common';
import { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { ApiException } from '../http/api-exception';
import { SatisfactionSurveysRepository } from '../ratings/satisfaction-surveys.repository';
import { FieldFigures, FieldReportScope, ReportFieldsRepository } from './report-fields.repository';
import { noFigures, ReportScope } from './report-days.repository';

/** `field=` names no select field that a report can count (unknown, another type, or personal). */
export const NOT_A_REPORT_FIELD = 'Invalid field: field';

/** A value's figures with its satisfaction answers (as the other rows of a report have them). */
export type RatedFieldFigures = FieldFigures & { good: number; notGood: number };

/**
 * Reports' `field=<name>` (issue 55): the keys whose select field of that name a report counts, and its
 * figures by value. A personal field has no comparable value (its values are sealed), so it cannot be
 * reported on; a field retired from a key still counts, its values stay.
 */
@Injectable()
export class ReportFields {
  constructor(
    private readonly customFields: CustomFieldsService,
    private readonly fields: ReportFieldsRepository,
    private readonly ratings: SatisfactionSurveysRepository,
  ) {}

  /**
   * The scope of `by_field` for the field `name`: the keys (of the report's key, when it names one)
   * that define it as a select that is not personal; none is 400 `Invalid field: field`.
   */
  async scopeOf(name: string, scope: ReportScope): Promise<FieldReportScope> {
    const apiKeyIds = (await this.customFields.definitionsOf(name))
      .filter(
        ({ apiKeyId, definition }) =>
          definition.type === 'select' &&
          !definition.personal &&
          (scope.apiKeyId === undefined || apiKeyId === scope.apiKeyId),
      )
      .map(({ apiKeyId }) => apiKeyId);
    if (apiKeyIds.length === 0) {
      throw new ApiException(HttpStatus.BAD_REQUEST, NOT_A_REPORT_FIELD);
    }
    return { name, apiKeyIds, tagKey: scope.tagKey, assigneeId: scope.assigneeId };
  }

  /** The figures of the UTC days from `from` until `to` (not included) by the field's value, with the answers given then. */
  async figures(days: { from: string; to: string }, scope: FieldReportScope): Promise<RatedFieldFigures[]> {
    const range = { from: `${days.from} 00:00:00`, to: `${days.to} 00:00:00` };
    const [figures, ratings] = await Promise.all([
      this.fields.figures(range, scope),
      this.ratings.ratedCountsByField(
        { from: new Date(`${days.from}T00:00:00Z`), to: new Date(`${days.to}T00:00:00Z`) },
        scope,
        scope,
      ),
    ]);
    const byValue = new Map<string, RatedFieldFigures>(
      figures.map((row) => [row.value, { ...row, good: 0, notGood: 0 }]),
    );
    for (const { value, good, notGood } of ratings) {
      const row = byValue.get(value) ?? { value, ...noFigures(), good: 0, notGood: 0 };
      row.good += good;
      row.notGood += notGood;
      byValue.set(value, row);
    }
    return [...byValue.values()];
  }
}
