import { Controller, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { RedeliveryView } from '../submissions/staff-api/dto/staff-submission.views';
import { RedeliveryService } from './redelivery.service';
import { actorOf } from '../audit/actor';
import { StaffRequest } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

@ApiTags('staff: submissions')
@Controller(`${STAFF_API_PATH}/submissions`)
export class RedeliveryController {
  constructor(private readonly redelivery: RedeliveryService) {}

  @Post(':id/redeliver')
  @HttpCode(HttpStatus.ACCEPTED)
  @StaffAuth()
  // The operation id it had while the route lived in the submissions controller, for generated clients.
  @ApiOperation({
    summary: 'Send the submission through the staff channels again',
    operationId: 'StaffSubmissionsController_redeliver',
  })
  @ApiAcceptedResponse({ type: RedeliveryView })
  @ApiErrors({ 403: ['Forbidden'], 404: ['Not found'] })
  redeliver(@Param('id') id: string, @Req() request: StaffRequest): Promise<RedeliveryView> {
    return this.redelivery.redeliver(id, actorOf(request));
  }
}
