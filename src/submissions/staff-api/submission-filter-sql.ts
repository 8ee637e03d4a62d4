import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { SubmissionEntity } from '../entities/submission.entity';
import { SubmissionFieldValueEntity } from '../entities/submission-field-value.entity';
import { SubmissionTagEntity } from '../entities/submission-tag.entity';
import type { FieldCondition } from './field-filters';
import type { SubmissionFilter } from './staff-submissions.repository';

/**
 * Where a search with custom fields looks (see `filtered`): the submission's own columns, its fields'
 * values, or either (one derived table of both sides' matches).
 */
export type SearchIn = 'own' | 'fields' | 'either';

/**
 * How a query meets the custom field conditions. `semi-join`: a plain EXISTS, which MariaDB turns into
 * a semi-join and, for a condition few values match, reads those values first. `probe`: each
 * submission the query reads (newest first, say) is looked up in the values' index; right when every
 * condition matches many submissions, which the optimiser, blind to the page's LIMIT, would otherwise
 * read in full first (a select value on 10 % of a million rows: 0.8 s instead of 10 ms).
 */
export type FieldStrategy = 'semi-join' | 'probe';

/** The words of `:search` in the own columns of the submission `alias` (`ft_submissions_text`). */
const ownText = (alias: string) =>
  `MATCH (${alias}.name, ${alias}.email, ${alias}.business, ${alias}.message) AGAINST (:search IN BOOLEAN MODE)`;

/** Narrows a query on `submissions` (alias `s`) to the rows that pass `filter`. */
export function filtered<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  filter: SubmissionFilter,
  options: { searchIn?: SearchIn; fields?: FieldStrategy } = {},
): SelectQueryBuilder<T> {
  if (filter.statuses) {
    query.andWhere('s.status IN (:...statuses)', { statuses: filter.statuses });
  }
  if (filter.assigneeId === null) {
    query.andWhere('s.assignee_id IS NULL');
  } else if (filter.assigneeId !== undefined) {
    query.andWhere('s.assignee_id = :assigneeId', { assigneeId: filter.assigneeId });
  }
  if (filter.apiKeyId) {
    query.andWhere('s.api_key_id = :apiKeyId', { apiKeyId: filter.apiKeyId });
  }
  if (filter.search) {
    searched(query, filter.search, filter.searchFieldNames ?? [], options.searchIn ?? 'either');
  }
  if (filter.emailHashes) {
    query.andWhere('s.email_hash IN (:...emailHashes)', { emailHashes: filter.emailHashes });
  }
  if (filter.from) {
    query.andWhere('s.created_at >= :from', { from: filter.from });
  }
  if (filter.before) {
    query.andWhere('s.created_at < :before', { before: filter.before });
  }
  if (filter.tagKey !== undefined) {
    // Through the tag's own index (`ix_submission_tags_tag`: the compared form, then the submission).
    const tagged = query
      .subQuery()
      .select('t.submission_id')
      .from(SubmissionTagEntity, 't')
      .where('t.tag_key = :tagKey');
    query.andWhere(`s.id IN ${tagged.getQuery()}`, { tagKey: filter.tagKey });
  }
  if (filter.priorities) {
    query.andWhere('s.priority IN (:...priorities)', { priorities: filter.priorities });
  }
  if (filter.breached) {
    query.andWhere(
      's.sla_policy_id IS NOT NULL AND (s.first_response_breached_at IS NOT NULL OR s.resolution_breached_at IS NOT NULL)',
    );
  }
  for (const [index, condition] of (filter.fields ?? []).entries()) {
    withField(query, condition, `f${index}`, options.fields ?? 'semi-join');
  }
  return query;
}

/**
 * The words of `search` in the submission's own columns or, all of them, in one value of these custom
 * fields (FULLTEXT on `value_text`). `either` joins one derived table of both sides' matches: its cost
 * follows the matches, where an OR of the two read the whole table (4 s to count a rare word at a
 * million rows); a page asks each side on its own instead (StaffSubmissionsRepository.findPage).
 */
function searched<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  search: string,
  fieldNames: string[],
  searchIn: SearchIn,
): void {
  if (fieldNames.length === 0 || searchIn === 'own') {
    query.andWhere(ownText('s'), { search });
    return;
  }
  const inFields = query
    .subQuery()
    .select('sv.submission_id', 'id')
    .from(SubmissionFieldValueEntity, 'sv')
    .where('sv.name IN (:...searchFieldNames)')
    .andWhere('MATCH (sv.value_text) AGAINST (:search IN BOOLEAN MODE)')
    .getQuery();
  query.setParameters({ search, searchFieldNames: fieldNames });
  if (searchIn === 'fields') {
    query.andWhere(`s.id IN ${inFields}`);
    return;
  }
  const own = query.subQuery().select('so.id', 'id').from(SubmissionEntity, 'so').where(ownText('so')).getQuery();
  query.innerJoin(`(${own} UNION ${inFields})`, 'searched', 'searched.id = s.id');
}

/** The rows of `submission_field_values` (alias `alias`) that meet a condition, and its parameters. */
export function fieldValuesWhere(
  condition: FieldCondition,
  alias: string,
): { where: string; parameters: ObjectLiteral } {
  const parameters: ObjectLiteral = { [`${alias}Name`]: condition.name };
  const parts: string[] = [];
  if (condition.key !== undefined) {
    parts.push(`${alias}.value_key = :${alias}Key`);
    parameters[`${alias}Key`] = condition.key;
  }
  for (const [column, range] of [
    ['value_number', condition.numbers],
    ['value_date', condition.dates],
  ] as const) {
    if (!range) {
      continue;
    }
    const bounds = [`${alias}.${column} IS NOT NULL`];
    if (range.from !== undefined) {
      bounds.push(`${alias}.${column} >= :${alias}${column}From`);
      parameters[`${alias}${column}From`] = range.from;
    }
    if (range.to !== undefined) {
      bounds.push(`${alias}.${column} <= :${alias}${column}To`);
      parameters[`${alias}${column}To`] = range.to;
    }
    parts.push(`(${bounds.join(' AND ')})`);
  }
  const matching = parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
  return { where: `${alias}.name = :${alias}Name AND ${matching}`, parameters };
}

/**
 * A custom field condition as EXISTS over `submission_field_values`, through the index of its column
 * (`ix_submission_field_values_key`, `_number` or `_date`: each starts with the name). `probe` compares
 * the EXISTS with 1: no longer a conjunct of the WHERE itself, it is not made a semi-join and stays a
 * lookup per submission read (see FieldStrategy).
 */
function withField<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  condition: FieldCondition,
  alias: string,
  strategy: FieldStrategy,
): void {
  const { where, parameters } = fieldValuesWhere(condition, alias);
  const values = query
    .subQuery()
    .select('1')
    .from(SubmissionFieldValueEntity, alias)
    .where(`${alias}.submission_id = s.id`)
    .andWhere(where)
    .getQuery();
  query.andWhere(strategy === 'probe' ? `(EXISTS ${values}) = 1` : `EXISTS ${values}`, parameters);
}
