import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { CanonicalId, Optional } from './contract-fields';

/** The paging parameters of the staff lists: a page size and the previous page's last id (keyset). */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @Optional()
  // Query values are strings; only plain digits become a number, anything else fails IsInt.
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value,
  )
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: "The previous page's `next_cursor`" })
  @Optional()
  @CanonicalId()
  cursor?: string;
}

/** The page size when `limit` is absent. */
export const DEFAULT_PAGE_SIZE = 50;
