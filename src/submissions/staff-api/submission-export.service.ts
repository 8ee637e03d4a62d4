import { Injectable } from '@nestjs/common';
import { Actor } from '../../audit/actor';
import { AuditService } from '../../audit/audit.service';
import { CustomFieldsService } from '../../custom-fields/custom-fields.service';
import { SubmissionFilterQuery } from './dto/submission-list.query';
import { SEARCH_UNAVAILABLE, StaffSubmissionFilter } from './staff-submission-filter';
import {
  csvLine,
  csvRowOf,
  CSV_COLUMNS,
  fieldCellsOf,
  fieldColumnHeader,
  fieldColumnsOf,
  UTF8_BOM,
} from './submissions-csv';
import { SubmissionFields } from '../lifecycle/submission-fields.service';
import { SubmissionTagsRepository } from '../lifecycle/submission-tags.repository';
import { StaffSubmissionsRepository, SubmissionFilter } from './staff-submissions.repository';

const EXPORT_PAGE = 500;

/** The CSV export of staff's list. */
@Injectable()
export class SubmissionExportService {
  constructor(
    private readonly submissions: StaffSubmissionsRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly fields: SubmissionFields,
    private readonly customFields: CustomFieldsService,
    private readonly filter: StaffSubmissionFilter,
    private readonly audit: AuditService,
  ) {}

  /**
   * The CSV export of a filter: checked (a bad filter is a 400 before any byte is sent) and audited
   * (its filters, not the words), then produced page by page (keyset, EXPORT_PAGE rows per query) so
   * memory stays constant whatever the size.
   */
  async exportCsv(query: SubmissionFilterQuery, viewerId: string, actor: Actor): Promise<AsyncGenerator<string>> {
    const filter = await this.filter.of(query, viewerId);
    await this.audit.record(actor, {
      action: 'submissions.exported',
      after: {
        status: query.status ?? null,
        assignee: query.assignee ?? null,
        api_key: query.api_key ?? null,
        from: query.from ?? null,
        to: query.to ?? null,
        tag: query.tag ?? null,
        priority: query.priority ?? null,
        // Only fields that are not personal can be filtered on: their values are no one's data.
        fields: query.fields ? Object.fromEntries(query.fields) : null,
        search: Boolean(query.q),
      },
    });
    return this.lines(query, filter);
  }

  private async *lines(
    query: SubmissionFilterQuery,
    filter: SubmissionFilter | typeof SEARCH_UNAVAILABLE,
  ): AsyncGenerator<string> {
    const columns = filter === SEARCH_UNAVAILABLE ? [] : await this.fieldColumns(filter);
    yield `${UTF8_BOM}${csvLine([...CSV_COLUMNS, ...columns.map(fieldColumnHeader)])}`;
    if (filter === SEARCH_UNAVAILABLE) {
      return;
    }
    const sameAddress = this.filter.sameAddressAs(query);
    let cursor: string | undefined;
    for (;;) {
      const rows = await this.submissions.findPage(filter, cursor, EXPORT_PAGE);
      const matching = rows.filter(sameAddress);
      if (matching.length > 0) {
        const [tags, fields] = await Promise.all([
          this.tags.ofSubmissions(matching.map((row) => row.id)),
          columns.length > 0 ? this.fields.of(matching) : new Map<string, never[]>(),
        ]);
        yield matching
          .map((row) => csvRowOf(row, tags.get(row.id) ?? [], fieldCellsOf(columns, fields.get(row.id) ?? [])))
          .join('');
      }
      if (rows.length < EXPORT_PAGE) {
        return;
      }
      cursor = rows[rows.length - 1].id;
    }
  }

  /** The custom field columns: those of the keys (that have fields) of the rows the filter exports. */
  private async fieldColumns(filter: SubmissionFilter): Promise<string[]> {
    const withFields = await this.customFields.keysWithFields();
    if (withFields.length === 0) {
      return [];
    }
    const exported = await this.submissions.keysAmong(filter, withFields);
    const sets = await this.customFields.ofKeys(exported);
    return fieldColumnsOf(exported.map((apiKeyId) => sets.get(apiKeyId)!));
  }
}
