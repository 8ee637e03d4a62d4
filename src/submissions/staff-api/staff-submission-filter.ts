import { HttpStatus, Injectable } from '@nestjs/common';
import { CustomFieldsService } from '../../custom-fields/custom-fields.service';
import { SEARCHED_TYPES } from '../../custom-fields/field-definitions';
import { FieldCipher } from '../../database/field-cipher';
import { ApiException } from '../../http/api-exception';
import { SubmissionFilterQuery } from './dto/submission-list.query';
import { SubmissionEntity } from '../entities/submission.entity';
import { Priority } from '../lifecycle/submission-priority';
import { toBooleanSearch } from './submission-search';
import { WorkflowStatus } from '../lifecycle/submission-state';
import { tagKey } from '../lifecycle/submission-tags';
import { SubmissionFilter } from './staff-submissions.repository';
import { FieldCondition, fieldConditionOf } from './field-filters';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** What the list answers for a word search while personal columns are encrypted. */
export const SEARCH_UNAVAILABLE = 'unavailable: encrypted';
/** A `q` that is one e-mail address: matched exactly, even when encrypted. */
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+$/;
/** What staff's filters (the list, the counts, the export) ask of the repository. */
@Injectable()
export class StaffSubmissionFilter {
  constructor(
    private readonly cipher: FieldCipher,
    private readonly customFields: CustomFieldsService,
  ) {}

  /**
   * The repository's filter for what staff asked. With encryption at rest the words of `q` are not in
   * any index (custom field values are sealed too): an e-mail address is still found in the
   * submission's own column (exactly, by its keyed hash), other words cannot be.
   */
  async of(query: SubmissionFilterQuery, viewerId: string): Promise<SubmissionFilter | typeof SEARCH_UNAVAILABLE> {
    const { q, fields, ...rest } = query;
    const conditions = fields ? await this.fieldConditions(fields) : undefined;
    const withFields = (filter: SubmissionFilter): SubmissionFilter =>
      conditions ? { ...filter, fields: conditions } : filter;
    if (!q || !this.cipher.enabled) {
      const filter = withFields(filterOf(query, viewerId));
      if (filter.search) {
        filter.searchFieldNames = await this.customFields.namesOfTypes(SEARCHED_TYPES);
      }
      return filter;
    }
    if (!EMAIL_ADDRESS.test(q.trim())) {
      return SEARCH_UNAVAILABLE;
    }
    return withFields({ ...filterOf(rest, viewerId), emailHashes: this.cipher.emailHashes(q) });
  }

  /** Each `field.<name>` member as a condition, in the query's order; the first that does not fit answers 400. */
  private async fieldConditions(members: ReadonlyMap<string, unknown>): Promise<FieldCondition[]> {
    const conditions: FieldCondition[] = [];
    for (const [name, value] of members) {
      const found = await this.customFields.definitionsOf(name);
      conditions.push(
        fieldConditionOf(
          name,
          value,
          found.map(({ definition }) => definition),
        ),
      );
    }
    return conditions;
  }

  /**
   * With an address search by hash (see `of`), keeps the rows that carry the address itself: a hash
   * of the old form may also stand for an address that only Unicode case folding made alike. A page
   * may then hold fewer rows than asked; its cursor still follows the last row read.
   */
  sameAddressAs(query: SubmissionFilterQuery): (row: SubmissionEntity) => boolean {
    const address = query.q?.trim();
    return this.cipher.enabled && address && EMAIL_ADDRESS.test(address)
      ? (row) => this.cipher.isSameEmail(row, address)
      : () => true;
  }
}

function filterOf(query: SubmissionFilterQuery, viewerId: string): SubmissionFilter {
  const filter: SubmissionFilter = {};
  if (query.tag) {
    filter.tagKey = tagKey(query.tag);
  }
  if (query.priority) {
    filter.priorities = [...new Set(query.priority.split(','))] as Priority[];
  }
  if (query.status) {
    filter.statuses = [...new Set(query.status.split(','))] as WorkflowStatus[];
  }
  if (query.assignee) {
    filter.assigneeId = query.assignee === 'me' ? viewerId : query.assignee === 'none' ? null : query.assignee;
  }
  if (query.api_key) {
    filter.apiKeyId = query.api_key;
  }
  if (query.q) {
    const search = toBooleanSearch(query.q);
    if (!search) {
      // Only stopwords or punctuation: nothing the index can find, and listing everything would mislead.
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: q');
    }
    filter.search = search;
  }
  if (query.breached) {
    filter.breached = true;
  }
  if (query.from) {
    filter.from = new Date(query.from);
  }
  if (query.to) {
    // A date means its whole day (UTC); a date-time is included itself.
    const to = new Date(query.to);
    filter.before = new Date(to.getTime() + (DATE_ONLY.test(query.to) ? DAY_MS : 1));
  }
  return filter;
}
