import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AttachmentView } from '../../attachments/dto/attachment.views';
import { MESSAGE_KINDS, MESSAGE_STATE } from '../message-state';

/** One message of a conversation, as the API shows it. */
export class MessageView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: MESSAGE_KINDS })
  kind!: string;

  @ApiProperty({
    enum: Object.values(MESSAGE_STATE),
    description: 'Outgoing: queued, sent or failed; a customer message: received',
  })
  state!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The sender (customer mail), or null (ours)' })
  from!: string | null;

  @ApiProperty({ description: 'Customer mail from someone other than the requester' })
  from_other!: boolean;

  @ApiProperty({ description: 'An automatic message (auto-reply, bulk, delivery report): it changed nothing' })
  automatic!: boolean;

  @ApiProperty({ type: String, nullable: true })
  subject!: string | null;

  @ApiProperty({ description: 'The new text (never HTML)' })
  body!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Customer mail: the quoted history, for folding' })
  quoted!: string | null;

  @ApiProperty({ type: [AttachmentView], description: 'The files the message carried' })
  attachments!: AttachmentView[];

  @ApiProperty({ type: 'integer' })
  attempts!: number;

  @ApiProperty({ type: String, nullable: true, description: 'Why the last try failed' })
  last_error!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  sent_at!: string | null;

  @ApiPropertyOptional({ description: 'Set when the message cannot be decrypted: which fields and why' })
  unreadable?: string;
}

/** The submission a timeline item came from by a merge. */
export class MergedFromView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: "The merged submission's short reference", example: '7K3M9QXA' })
  ref!: string;
}

/** One item of a submission's timeline: the request, replies, customer messages and notes in time order. */
export class TimelineItemView {
  @ApiProperty({
    enum: ['request', 'merged_request', 'reply', 'ack', 'customer', 'note'],
    description: '`merged_request`: the request of a submission merged into this one, as its requester sent it',
  })
  kind!: string;

  @ApiProperty({
    description: 'The message or note id; the submission id for the request (the merged one for `merged_request`)',
  })
  id!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: string;

  @ApiProperty()
  body!: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Who wrote it: a staff name, or a sender address' })
  author?: string | null;

  @ApiPropertyOptional({ enum: Object.values(MESSAGE_STATE) })
  state?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  from?: string | null;

  @ApiPropertyOptional()
  from_other?: boolean;

  @ApiPropertyOptional()
  automatic?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true })
  quoted?: string | null;

  @ApiPropertyOptional({ type: [AttachmentView] })
  attachments?: AttachmentView[];

  @ApiPropertyOptional({ type: String, nullable: true })
  last_error?: string | null;

  @ApiPropertyOptional({
    type: MergedFromView,
    description: "`merged_request` only: the merged submission (its requester's address is in `from`)",
  })
  merged_from?: MergedFromView;
}
