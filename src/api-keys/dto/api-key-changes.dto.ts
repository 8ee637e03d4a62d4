import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Max, Min } from 'class-validator';
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

/** PATCH /staff/api/keys/:id: any of name and limits. */
export class UpdateApiKeyDto extends RateLimitFields {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  @Trimmed()
  @Optional()
  @IsString()
  @MaxCodePoints(100)
  @WellFormedUnicode()
  name?: string;
}
