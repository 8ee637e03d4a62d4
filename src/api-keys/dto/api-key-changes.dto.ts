import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsObject, IsString, Max, Min, ValidateIf } from 'class-validator';
import { AutoAckView, ReplyFromView } from './api-key.views';
import { MaxCodePoints, Optional, Required, Trimmed, WellFormedUnicode } from '../../http/validation/contract-fields';

/** A day: the longest window or block a key may have. */
const MAX_SECONDS = 86_400;

/** The rate-limit fields of the key routes (same bounds as the `keys` commands). */
class RateLimitFields {
  @ApiPropertyOptional({ minimum: 1, maximum: 1_000_000, description: 'Requests per window' })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  rate_limit?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_SECONDS, description: 'Window length in seconds' })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(MAX_SECONDS)
  rate_window?: number;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_SECONDS,
    description: 'Block after going over (default: the window)',
  })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(MAX_SECONDS)
  rate_block?: number;
}

/** POST /staff/api/keys. */
export class CreateApiKeyDto extends RateLimitFields {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Website form' })
  @Trimmed()
  @Required()
  @IsString()
  @MaxCodePoints(100)
  @WellFormedUnicode()
  name!: string;
}

/** PATCH /staff/api/keys/:id: any of name, limits and retention. */
export class UpdateApiKeyDto extends RateLimitFields {
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 36_500,
    description: 'Days closed and spam submissions are kept; 0: forever; null: RETENTION_DAYS',
  })
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null)
  @IsInt()
  @Min(0)
  @Max(36_500)
  retention_days?: number | null;

  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxCodePoints(100)
  @WellFormedUnicode()
  name?: string;

  @ApiPropertyOptional({
    type: ReplyFromView,
    nullable: true,
    description: 'Who replies and acknowledgements come from; null: REPLY_FROM',
  })
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null)
  @IsObject()
  reply_from?: ReplyFromView | null;

  @ApiPropertyOptional({
    type: AutoAckView,
    nullable: true,
    description: 'The automatic acknowledgement ({{name}}, {{ref}}); null: none',
  })
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null)
  @IsObject()
  auto_ack?: AutoAckView | null;

  @ApiPropertyOptional({ description: "false: the intake's spam checks do not run for this key (on by default)" })
  @Optional()
  @IsBoolean()
  spam_filter?: boolean;

  @ApiPropertyOptional({
    description: 'true: closing a submission of this key mails its requester one satisfaction survey (off by default)',
  })
  @Optional()
  @IsBoolean()
  csat?: boolean;
}
