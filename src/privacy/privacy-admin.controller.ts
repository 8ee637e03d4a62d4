import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { EmailAddressDto, ErasureView, PersonalDataExportView } from './dto/privacy.dto';
import { PrivacyService } from './privacy.service';
import { actorOf } from '../audit/actor';
import { StaffRequest } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

/** A person's export and erasure by e-mail address, for admins (the `privacy` commands over HTTP). */
@ApiTags('staff: administration')
@Controller(`${STAFF_API_PATH}/privacy`)
export class PrivacyAdminController {
  constructor(private readonly privacy: PrivacyService) {}

  @Post('export')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Everything stored with this e-mail address (an audit event names only its hash)' })
  @ApiOkResponse({ type: PersonalDataExportView })
  @ApiErrors({ 400: ['Missing field: email', 'Invalid field: email'] })
  export(@Body() body: EmailAddressDto, @Req() request: StaffRequest): Promise<PersonalDataExportView> {
    return this.privacy.export(body.email, actorOf(request));
  }

  @Post('erase')
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Erase every submission with this e-mail address, its notes, records and queued jobs' })
  @ApiOkResponse({ type: ErasureView })
  @ApiErrors({ 400: ['Missing field: email', 'Invalid field: email'] })
  erase(@Body() body: EmailAddressDto, @Req() request: StaffRequest): Promise<ErasureView> {
    return this.privacy.erase(body.email, actorOf(request));
  }
}
