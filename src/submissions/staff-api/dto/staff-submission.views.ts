import { FIELD_TYPES, FieldType } from '../../../custom-fields/field-definitions';
import type { FieldValue } from '../../../custom-fields/field-values';
import type { SubmissionFieldView } from '../../lifecycle/submission-fields';
import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { AuditEventView } from '../../../audit/audit-event.view';
import { NamedRefView } from '../../../http/openapi/named-ref.view';
import { SubmissionNoteEntity } from '../../entities/submission-note.entity';
import { SubmissionEntity } from '../../entities/submission.entity';
import { unreadableOf } from '../staff-submission';
import { refOf } from '../../lifecycle/submission-ref';
import { PRIORITIES } from '../../lifecycle/submission-priority';
import { SPAM_REASONS, SUBMISSION_STATES, WORKFLOW_STATUSES } from '../../lifecycle/submission-state';

/** What `unreadable` means wherever a view has it (issue 24). */
const UNREADABLE =
  'Present only when stored values could not be decrypted (a key removed from DATA_ENCRYPTION_KEYS, or ' +
  'altered data): which fields and why. Those fields are then null, or "" where the type is a string.';

/** A submission's service level: its policy's targets, when they are due and whether they were kept. */
export class SubmissionSlaView {
  @ApiProperty({
    format: 'uuid',
    description: 'The SLA policy that applies (chosen at intake and when priority or tags change)',
  })
  policy_id!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the first reply is due (business minutes of the policy); null: the policy sets no such target',
  })
  first_response_due_at!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'When it must be resolved (closed); null while the resolution clock is paused (`pending`) or the policy ' +
      'sets no such target. Time in `pending` does not count.',
  })
  resolution_due_at!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Recorded once, when the first reply was not sent in time: the due time it missed',
  })
  first_response_breached_at!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Recorded once, when it was not resolved in time: the due time it missed',
  })
  resolution_breached_at!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'The earliest due time of a target still to meet (breached or not); null: none is left. `sort=due` orders by it',
  })
  due_at!: string | null;

  @ApiProperty({ description: 'Either target was breached' })
  breached!: boolean;

  @ApiProperty({ description: 'The resolution clock stands still: waiting on the customer (`pending`)' })
  resolution_paused!: boolean;
}

/** A submission in the staff list. */
export class SubmissionFieldValueView {
  @ApiProperty({ example: 'order_number' })
  name!: string;

  @ApiProperty({ example: 'Order number' })
  label!: string;

  @ApiProperty({ enum: FIELD_TYPES })
  type!: FieldType;

  @ApiProperty({
    // OpenAPI 3.0 has no null type: the string branch is the nullable one.
    oneOf: [
      { type: 'string', nullable: true },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'array', items: { type: 'string' } },
    ],
    description:
      'By type: a string, a number (number), a boolean (checkbox), a list of strings (multi_select); null: none',
  })
  value!: FieldValue | null;

  @ApiProperty({ description: "No longer in the key's fields (the value stays)" })
  retired!: boolean;
}

export class SubmissionView {
  @ApiProperty({ example: '01a20093-2c13-73ce-ba5f-bebabadb9343' })
  id!: string;

  @ApiProperty({ enum: WORKFLOW_STATUSES })
  status!: string;

  @ApiProperty({ enum: SUBMISSION_STATES, description: 'Delivery to the staff channels (part one)' })
  delivery_state!: string;

  @ApiProperty({ type: NamedRefView, nullable: true })
  assignee!: NamedRefView | null;

  @ApiProperty({ type: NamedRefView })
  api_key!: NamedRefView;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  email!: string | null;

  @ApiProperty({ type: String, nullable: true })
  phone!: string | null;

  @ApiProperty({ type: String, nullable: true })
  business!: string | null;

  @ApiProperty({ type: String, nullable: true })
  message!: string | null;

  @ApiProperty({ description: 'Counts staff changes; the ETag' })
  version!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  closed_at!: string | null;

  @ApiProperty({ example: '7K2M9QXD', description: 'Short reference for people: `[#<ref>]` in every e-mail about it' })
  ref!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When staff first replied' })
  first_response_at!: string | null;

  @ApiProperty({
    type: [String],
    enum: SPAM_REASONS,
    description: 'Why the spam filter flagged it at intake; empty when it did not (marked by staff, or clean)',
  })
  spam_reasons!: string[];

  @ApiProperty({ enum: PRIORITIES, description: '`normal` unless staff set another' })
  priority!: string;

  @ApiProperty({ type: [String], example: ['billing', 'VIP'], description: "Staff's labels, in the order they gave" })
  tags!: string[];

  @ApiProperty({
    type: [SubmissionFieldValueView],
    description: "The key's custom fields in the key's order (value null: none), then retired fields it has a value of",
  })
  fields!: SubmissionFieldValueView[];

  @ApiProperty({
    type: SubmissionSlaView,
    nullable: true,
    description: 'Its service level; null: no SLA policy applies',
  })
  sla!: SubmissionSlaView | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Status `merged`: the submission it went into (its timeline, notes, tags and files are there)',
  })
  merged_into_id!: string | null;

  @ApiProperty({ required: false, description: UNREADABLE })
  unreadable?: string;
}

export class SubmissionPageView {
  @ApiProperty({ type: [SubmissionView] })
  items!: SubmissionView[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last' })
  next_cursor!: string | null;

  @ApiProperty({
    required: false,
    description: 'Present when `q` cannot be served (e.g. `unavailable: encrypted`)',
  })
  search?: string;
}

export class StatusCountsView {
  @ApiProperty() new!: number;
  @ApiProperty() open!: number;
  @ApiProperty() pending!: number;
  @ApiProperty() closed!: number;
  @ApiProperty() spam!: number;
  @ApiProperty({ description: 'Merged into another submission (closed for good)' }) merged!: number;
}

/** The other side of a merge, as the detail names it. */
export class MergeLinkView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: '7K2M9QXD' })
  ref!: string;
}

export class DeliveryView {
  @ApiProperty({ example: 'webhook' })
  channel!: string;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({ type: String, nullable: true })
  last_error!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_attempt_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  delivered_at!: string | null;
}

export class NoteView {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  body!: string;

  @ApiProperty({ type: NamedRefView })
  author!: NamedRefView;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ required: false, description: UNREADABLE })
  unreadable?: string;
}

/** Another submission from the same address (the detail's `history`). */
export class HistoryItemView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: '7K2M9QXD' })
  ref!: string;

  @ApiProperty({ enum: WORKFLOW_STATUSES })
  status!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class SubmissionDetailView extends SubmissionView {
  @ApiProperty()
  client_ip!: string;

  @ApiProperty({ type: String, nullable: true })
  user_agent!: string | null;

  @ApiProperty({ description: 'Delivery attempts over all channels' })
  attempts!: number;

  @ApiProperty({ type: String, nullable: true })
  last_error!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  processed_at!: string | null;

  @ApiProperty({ type: [DeliveryView] })
  deliveries!: DeliveryView[];

  // Contributed by webhooks/ through SubmissionDetailSections; named by schema so submissions/ imports nothing of it.
  @ApiProperty({
    type: 'array',
    items: { $ref: getSchemaPath('WebhookDeliveryView') },
    description: 'One per event and webhook destination, with every attempt',
  })
  webhooks!: object[];

  // Contributed by conversations/ through SubmissionDetailSections (see TimelineItemView).
  @ApiProperty({
    type: 'array',
    items: { $ref: getSchemaPath('TimelineItemView') },
    description: 'The request, replies, customer messages and notes, in time order',
  })
  timeline!: object[];

  // Contributed by ratings/ through SubmissionDetailSections (see SubmissionRatingView).
  @ApiProperty({
    nullable: true,
    allOf: [{ $ref: getSchemaPath('SubmissionRatingView') }],
    description:
      "The requester's answer to the satisfaction survey (keys with `csat`); null: not surveyed, or no answer yet",
  })
  rating!: object | null;

  @ApiProperty({
    type: [HistoryItemView],
    description: 'The newest 20 other submissions from the same e-mail address (exact match, any key)',
  })
  history!: HistoryItemView[];

  @ApiProperty({ type: [NoteView] })
  notes!: NoteView[];

  @ApiProperty({
    nullable: true,
    allOf: [{ $ref: getSchemaPath(MergeLinkView) }],
    description: 'Status `merged`: the submission it went into; null otherwise',
  })
  merged_into!: MergeLinkView | null;

  @ApiProperty({ type: [MergeLinkView], description: 'The submissions merged into this one, oldest first' })
  merged_from!: MergeLinkView[];

  @ApiProperty({ type: [AuditEventView] })
  events!: AuditEventView[];
}

/** What one row of a bulk change came to. */
export class BulkRowResultView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'Whether the row has the change now (true also when it had it already)' })
  ok!: boolean;

  @ApiProperty({
    required: false,
    example: 'Submission changed; reload it',
    description:
      'Why not: `Not found`, `Submission changed; reload it`, `Submission is merged`, `Invalid field: add_tags`',
  })
  error?: string;
}

export class BulkChangeResultView {
  @ApiProperty({ type: [BulkRowResultView], description: 'One per id, in the order given' })
  results!: BulkRowResultView[];
}

export class RedeliveryView {
  @ApiProperty()
  id!: string;

  @ApiProperty({ enum: SUBMISSION_STATES, example: 'queued' })
  delivery_state!: string;
}

export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function toSubmissionView(
  submission: SubmissionEntity,
  tags: string[],
  fields: SubmissionFieldView[],
): SubmissionView {
  return {
    id: submission.id,
    status: submission.status,
    delivery_state: submission.state,
    assignee: submission.assignee ? { id: submission.assignee.id, name: submission.assignee.name } : null,
    api_key: { id: submission.apiKeyId, name: submission.apiKey?.name ?? '' },
    // Null when unreadable (see SubmissionEntity.unreadable), but a string to every client.
    name: submission.name ?? '',
    email: submission.email,
    phone: submission.phone,
    business: submission.business,
    message: submission.message,
    version: submission.version,
    created_at: submission.createdAt.toISOString(),
    closed_at: iso(submission.closedAt),
    ref: refOf(submission.id),
    first_response_at: iso(submission.firstResponseAt),
    spam_reasons: submission.spamReasons ? submission.spamReasons.split(',') : [],
    priority: submission.priority,
    tags,
    fields,
    sla: slaViewOf(submission),
    merged_into_id: submission.mergedIntoId ?? null,
    ...unreadableOf(submission),
  };
}

function slaViewOf(submission: SubmissionEntity): SubmissionSlaView | null {
  if (!submission.slaPolicyId) {
    return null;
  }
  return {
    policy_id: submission.slaPolicyId,
    first_response_due_at: iso(submission.firstResponseDueAt),
    resolution_due_at: iso(submission.resolutionDueAt),
    first_response_breached_at: iso(submission.firstResponseBreachedAt),
    resolution_breached_at: iso(submission.resolutionBreachedAt),
    due_at: iso(submission.slaDueAt),
    breached: submission.firstResponseBreachedAt !== null || submission.resolutionBreachedAt !== null,
    resolution_paused: submission.slaPausedAt !== null && submission.status === 'pending',
  };
}

export function toNoteView(note: SubmissionNoteEntity): NoteView {
  return {
    id: note.id,
    body: note.body ?? '',
    author: { id: note.authorId, name: note.author?.name ?? '' },
    created_at: note.createdAt.toISOString(),
    ...unreadableOf(note),
  };
}
