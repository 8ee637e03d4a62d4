import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, ValidateIf } from 'class-validator';
import { CanonicalId, Optional } from '../../http/validation/contract-fields';
import { WORKFLOW_STATUSES, WorkflowStatus } from '../submission-state';

/** PATCH /staff/api/submissions/:id: the workflow fields staff change. */
export class UpdateSubmissionDto {
  @ApiPropertyOptional({ enum: WORKFLOW_STATUSES })
  @Optional()
  @IsString()
  @IsIn([...WORKFLOW_STATUSES])
  status?: WorkflowStatus;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'A staff account id, or null to unassign' })
  // null is a value here (unassign), so only an absent field skips the check.
  @ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null)
  @CanonicalId()
  assignee_id?: string | null;
}
