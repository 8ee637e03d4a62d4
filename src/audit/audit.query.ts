import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { CanonicalId, DateOrDateTime, Optional } from '../http/validation/contract-fields';
import { PageQuery } from '../http/validation/page-query';

/** GET /staff/api/audit. */
export class AuditQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'A staff account id: what it did' })
  @Optional()
  @CanonicalId()
  actor?: string;

  @ApiPropertyOptional({ example: 'staff.login_failed' })
  @Optional()
  @IsString()
  @MaxLength(64)
  @Matches(/^[a-z_.]+$/)
  action?: string;

  @ApiPropertyOptional({ description: 'An id (submission, key, account, token): what happened to it' })
  @Optional()
  @CanonicalId()
  target?: string;

  @ApiPropertyOptional({ description: 'At or after (ISO 8601)' })
  @Optional()
  @DateOrDateTime()
  from?: string;

  @ApiPropertyOptional({ description: 'Before (ISO 8601)' })
  @Optional()
  @DateOrDateTime()
  to?: string;
}
