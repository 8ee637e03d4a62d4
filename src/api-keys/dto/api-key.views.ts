import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiKeyEntity } from '../entities/api-key.entity';

/** An API key as the admin API and `keys list --json` show it: never the key itself. */
export class ReplyFromView {
  @ApiPropertyOptional({ maxLength: 200, example: 'Acme support' })
  name?: string;

  @ApiProperty({ format: 'email', example: 'support@acme.example' })
  address!: string;
}

export class AutoAckView {
  @ApiProperty({ maxLength: 200, example: 'We got your message [#{{ref}}]' })
  subject!: string;

  @ApiProperty({ maxLength: 5000, example: 'Hello {{name}}, thank you: we will answer soon.' })
  body!: string;
}

export class ApiKeyView {
  @ApiProperty()
  id!: string;

  @ApiProperty({ example: 'Website form' })
  name!: string;

  @ApiProperty({ description: 'The first characters of the key, to recognise it', example: 'ck_4fQ2' })
  prefix!: string;

  @ApiProperty({ description: 'Requests per window' })
  rate_limit!: number;

  @ApiProperty({ description: 'Window length in seconds' })
  rate_window!: number;

  @ApiProperty({ description: 'Seconds a key that went over stays blocked' })
  rate_block!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Days closed and spam submissions are kept; 0: forever; null: RETENTION_DAYS',
  })
  retention_days!: number | null;

  @ApiProperty({ type: ReplyFromView, nullable: true })
  reply_from!: ReplyFromView | null;

  @ApiProperty({ type: AutoAckView, nullable: true })
  auto_ack!: AutoAckView | null;

  @ApiProperty({ description: "Whether the intake's spam checks run for this key's submissions" })
  spam_filter!: boolean;

  @ApiProperty({
    description: 'Whether closing a submission mails its requester a satisfaction survey (off by default)',
  })
  csat!: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revoked_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_used_at!: string | null;
}

/** A new key: the only time the key is shown. */
export class CreatedApiKeyView extends ApiKeyView {
  @ApiProperty({ description: 'The key (ck_...): shown once, never stored' })
  key!: string;
}

export function toApiKeyView(apiKey: ApiKeyEntity): ApiKeyView {
  return {
    id: apiKey.id,
    name: apiKey.name,
    prefix: apiKey.prefix,
    rate_limit: apiKey.rateLimit,
    rate_window: apiKey.rateWindow,
    rate_block: apiKey.rateBlock ?? apiKey.rateWindow,
    retention_days: apiKey.retentionDays,
    reply_from: apiKey.replyFromAddress
      ? { address: apiKey.replyFromAddress, ...(apiKey.replyFromName ? { name: apiKey.replyFromName } : {}) }
      : null,
    auto_ack:
      apiKey.autoAckSubject && apiKey.autoAckBody ? { subject: apiKey.autoAckSubject, body: apiKey.autoAckBody } : null,
    spam_filter: apiKey.spamFilter,
    csat: apiKey.csat,
    created_at: apiKey.createdAt.toISOString(),
    revoked_at: apiKey.revokedAt?.toISOString() ?? null,
    last_used_at: apiKey.lastUsedAt?.toISOString() ?? null,
  };
}
