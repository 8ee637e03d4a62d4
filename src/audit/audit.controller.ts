import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { DEFAULT_PAGE_SIZE } from '../http/validation/page-query';
import { AuditEventView } from './audit-event.view';
import { AuditQuery } from './audit.query';
import { AuditService } from './audit.service';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

export class AuditPageView {
  @ApiProperty({ type: [AuditEventView] })
  items!: AuditEventView[];

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

/** The audit trail for admins, newest first. */
@ApiTags('staff: administration')
@Controller(`${STAFF_API_PATH}/audit`)
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @StaffAuth('admin')
  @ApiOperation({ summary: 'Every recorded event (changes, sign-ins), filtered, keyset-paged' })
  @ApiOkResponse({ type: AuditPageView })
  @ApiErrors({ 400: ['Invalid field: actor', 'Unknown field: x'] })
  async list(@Query() query: AuditQuery): Promise<AuditPageView> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const events = await this.audit.find({
      actorId: query.actor,
      action: query.action,
      targetId: query.target,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.cursor,
      limit: limit + 1,
    });
    const page = events.slice(0, limit);
    return {
      items: await this.audit.views(page),
      next_cursor: events.length > limit ? page[page.length - 1].id : null,
    };
  }
}
