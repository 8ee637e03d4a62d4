import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class InboundAcceptedView {
  @ApiProperty({ enum: ['attached', 'duplicate', 'unmatched', 'new submission'] })
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
