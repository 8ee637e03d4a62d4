import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class InboundAcceptedView {
  @ApiProperty({
    enum: ['attached', 'duplicate', 'unmatched', 'new submission', 'unreadable', 'bounced'],
    description:
      'unreadable: the message could not be read within its budget (or taken); it is kept for admins. bounced: a ' +
      'delivery-status notification or bounce, which marks the reply it names as not delivered and is not kept',
  })
  outcome!: string;
}

export class UnmatchedMailView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'Its Message-ID (without angle brackets)' })
  message_id!: string;

  @ApiProperty({ type: String, nullable: true })
  from!: string | null;

  @ApiProperty({ type: String, nullable: true })
  subject!: string | null;

  @ApiProperty({ type: 'integer', description: 'Bytes of the raw message' })
  size!: number;

  @ApiProperty({ format: 'date-time' })
  received_at!: string;

  @ApiProperty({
    enum: ['unmatched', 'too_slow', 'too_much_memory', 'malformed', 'failed'],
    description:
      'Why it was kept: unmatched (it answers no submission we know), or why it could not be read: too_slow ' +
      '(over INBOUND_PARSE_TIMEOUT_MS), too_much_memory (over INBOUND_PARSE_MEMORY_MB), malformed (the MIME ' +
      'parser gave up), failed (taking it failed, again and again over IMAP). The subject of an ' +
      'unreadable message is its raw header text (not decoded), as far as it could be read',
  })
  reason!: string;

  @ApiPropertyOptional({ description: 'Set when the row cannot be decrypted: which fields and why' })
  unreadable?: string;
}

export class UnmatchedPageView {
  @ApiProperty({ type: [UnmatchedMailView] })
  items!: UnmatchedMailView[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;

  @ApiProperty({ type: 'integer', description: 'Unmatched mail kept in all' })
  total!: number;
}
