import { ApiProperty } from '@nestjs/swagger';
import { ApiKeyEntity } from '../entities/api-key.entity';

/** An API key as the admin API and `keys list --json` show it: never the key itself. */
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
    created_at: apiKey.createdAt.toISOString(),
    revoked_at: apiKey.revokedAt?.toISOString() ?? null,
    last_used_at: apiKey.lastUsedAt?.toISOString() ?? null,
  };
}
