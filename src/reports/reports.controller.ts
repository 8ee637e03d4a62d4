import { Controller, Get, Header, HttpCode, HttpStatus, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags, getSchemaPath, ApiExtraModels } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { STAFF_API_PATH } from '../http/contract-paths';
import { ApiErrors } from '../http/openapi/api-responses';
import { ReportQuery } from './dto/report.query';
import { ReportView } from './dto/report.views';
import { reportCsv } from './reports-csv';
import { NOT_A_REPORT_FIELD } from './report-fields.service';
import { REPORT_STARTS_AFTER_TODAY, ReportsService } from './reports.service';
import { StaffRequest } from '../staff-auth/staff-auth.guard';
import { StaffAuth } from '../staff-auth/staff-auth.decorator';

/** Whether the client asked for CSV (`Accept: text/csv`) rather than JSON. */
function wantsCsv(request: StaffRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /(^|,)\s*text\/csv\s*(;|,|$)/i.test(accept) && !/(^|,)\s*application\/json\s*(;|,|$)/i.test(accept);
}

/** Reports for every staff member: a team lead's figures over any period. */
@ApiTags('staff: reports')
@ApiExtraModels(ReportView)
@Controller(`${STAFF_API_PATH}/reports`)
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @HttpCode(HttpStatus.OK)
  @StaffAuth('agent', { budget: 'reports' })
  @Header('Vary', 'Accept')
  @ApiOperation({
    summary:
      'Figures over a period by day or week, by assignee, API key and label (and a select field with `field`): ' +
      'arrivals, closings, spam, median and 90th percentile of first response and resolution in business ' +
      'minutes, SLAs kept; the open work now. ' +
      '`Accept: text/csv` answers the same as CSV',
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({
    description: 'The report (JSON), or the same as CSV with a header line',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(ReportView) } },
      'text/csv': { schema: { type: 'string' } },
    },
  })
  @ApiErrors({
    400: [
      'Missing field: from',
      'Missing field: to',
      'Invalid field: from',
      REPORT_STARTS_AFTER_TODAY,
      'Invalid field: to',
      'Invalid field: interval',
      'Invalid field: api_key_id',
      'Invalid field: tag',
      'Invalid field: assignee_id',
      NOT_A_REPORT_FIELD,
      'Unknown field: x',
    ],
  })
  async report(
    @Query() query: ReportQuery,
    @Req() request: StaffRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReportView | string> {
    const report = await this.reports.report(query);
    if (!wantsCsv(request)) {
      return report;
    }
    void reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="report-${report.from}-${report.to}.csv"`);
    return reportCsv(report);
  }
}
