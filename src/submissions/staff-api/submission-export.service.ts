import { Injectable } from '@nestjs/common';
import { Actor } from '../../audit/actor';
import { AuditService } from '../../audit/audit.service';
import { SubmissionFilterQuery } from './dto/submission-list.query';
import { SEARCH_UNAVAILABLE, StaffSubmissionFilter } from './staff-submission-filter';
import { csvLine, csvRowOf, CSV_COLUMNS, UTF8_BOM } from './submissions-csv';
import { SubmissionTagsRepository } from '../lifecycle/submission-tags.repository';
import { StaffSubmissionsRepository } from './staff-submissions.repository';

const EXPORT_PAGE = 500;

/** The CSV export of staff's list. */
@Injectable()
export class SubmissionExportService {
  constructor(
    private readonly submissions: StaffSubmissionsRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly filter: StaffSubmissionFilter,
    private readonly audit: AuditService,
  ) {}

  /**
   * The CSV export of a filter, produced page by page (keyset, EXPORT_PAGE rows per query) so memory
   * stays constant whatever the size. The export itself is an audit event (its filters, not the words).
   */
  async *exportCsv(query: SubmissionFilterQuery, viewerId: string, actor: Actor): AsyncGenerator<string> {
    const filter = this.filter.of(query, viewerId);
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
        search: Boolean(query.q),
      },
    });
    yield `${UTF8_BOM}${csvLine([...CSV_COLUMNS])}`;
    if (filter === SEARCH_UNAVAILABLE) {
      return;
    }
    const sameAddress = this.filter.sameAddressAs(query);
    let cursor: string | undefined;
    for (;;) {
      const rows = await this.submissions.findPage(filter, cursor, EXPORT_PAGE);
      const matching = rows.filter(sameAddress);
      if (matching.length > 0) {
        const tags = await this.tags.ofSubmissions(matching.map((row) => row.id));
        yield matching.map((row) => csvRowOf(row, tags.get(row.id) ?? [])).join('');
      }
      if (rows.length < EXPORT_PAGE) {
        return;
      }
      cursor = rows[rows.length - 1].id;
    }
  }
}
