import { ApiProperty } from '@nestjs/swagger';
import { CanonicalId, Required } from '../../../http/validation/contract-fields';

/** POST /staff/api/submissions/:id/merge. */
export class MergeSubmissionDto {
  @ApiProperty({ format: 'uuid', description: 'The submission this one goes into (the target)' })
  @Required()
  @CanonicalId()
  into!: string;
}
