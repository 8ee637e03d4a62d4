import { Controller, Get, Headers, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrors } from '../http/openapi/api-responses';
import { INBOUND_TOKEN_SECURITY } from '../http/openapi/openapi';
import { PageQuery } from '../http/validation/page-query';
import { INBOUND_EMAIL_PATH, STAFF_API_PATH } from '../http/contract-paths';
import { InboundAcceptedView, UnmatchedPageView } from './dto/inbound.views';
import { InboundAdmission } from './inbound-admission';
import { InboundRouteService } from './inbound-route.service';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

@ApiTags('inbound mail')
@Controller()
export class InboundController {
  constructor(
    private readonly route: InboundRouteService,
    private readonly admission: InboundAdmission,
  ) {}

  @Post(INBOUND_EMAIL_PATH)
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiBearerAuth(INBOUND_TOKEN_SECURITY)
  @ApiOperation({
    summary: 'A mail provider\'s "forward the raw message" route: the raw RFC 5322 message, Bearer INBOUND_TOKEN',
  })
  @ApiConsumes('message/rfc822')
  @ApiBody({ description: 'The raw message (up to INBOUND_MAX_BYTES)', schema: { type: 'string', format: 'binary' } })
  @ApiAcceptedResponse({ type: InboundAcceptedView })
  @ApiErrors({
    400: ['Empty message'],
    401: ['Authentication required'],
    404: ['Not found'],
    413: ['Request body too large'],
    415: ['Unsupported Content-Type: expected message/rfc822'],
    503: ['Service unavailable'],
  })
  receive(
    @Req() request: FastifyRequest,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<InboundAcceptedView> {
    return this.route.receive(authorization, request.body, this.admission.claim(request));
  }

  @Get(`${STAFF_API_PATH}/inbound/unmatched`)
  @HttpCode(HttpStatus.OK)
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Inbound mail that matched no submission, newest first (admins)' })
  @ApiOkResponse({ type: UnmatchedPageView })
  @ApiErrors({ 403: ['Forbidden'] })
  unmatched(@Query() query: PageQuery): Promise<UnmatchedPageView> {
    return this.route.unmatched(query.cursor, query.limit ?? 50);
  }
}
