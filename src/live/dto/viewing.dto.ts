import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { Required } from '../../http/validation/contract-fields';

/** POST /staff/api/submissions/:id/viewing: the caller has the submission open (true) or closed it (false). */
export class ViewingDto {
  @ApiProperty({ description: 'true while the submission is open (renew every 20 s); false on leaving it' })
  @Required()
  @IsBoolean()
  viewing!: boolean;
}
