import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { ApiException } from '../../http/api-exception';
import { STAFF_API_PATH } from '../../http/contract-paths';
import { etagOf, versionsOfIfMatch } from '../../http/etag';
import { ApiErrors } from '../../http/openapi/api-responses';
import { DEFAULT_PAGE_SIZE } from '../../http/validation/page-query';
import { BulkChangeDto } from '../changes/dto/bulk-change.dto';
import { CreateNoteDto } from './dto/create-note.dto';
import { MergeSubmissionDto } from '../changes/dto/merge-submission.dto';
import {
  BulkChangeResultView,
  NoteView,
  StatusCountsView,
  SubmissionDetailView,
  SubmissionPageView,
} from './dto/staff-submission.views';
import {
  FIELD_FILTERS_DESCRIPTION,
  SubmissionCountsQuery,
  SubmissionFilterQuery,
  SubmissionListQuery,
} from './dto/submission-list.query';
import { UpdateSubmissionDto } from '../changes/dto/update-submission.dto';
import { SubmissionChangesService } from '../changes/submission-changes.service';
import { SubmissionDetailService } from './submission-detail.service';
import { SubmissionExportService } from './submission-export.service';
import { SubmissionListService } from './submission-list.service';
import { SubmissionMergeService } from '../changes/submission-merge.service';
import { SubmissionNotesService } from './submission-notes.service';
import { csvFileName } from './submissions-csv';
import { actorOf } from '../../audit/actor';
import { StaffRequest, staffOf } from '../../staff-auth/staff-auth.guard';
import { StaffAuth } from '../../staff-auth/staff-auth.decorator';

const ETAG_HEADER = { ETag: { description: 'The version: `"<version>"`', schema: { type: 'string' as const } } };

/** The staff API over submissions (any signed-in staff member). */
@ApiTags('staff: submissions')
@Controller(`${STAFF_API_PATH}/submissions`)
export class StaffSubmissionsController {
  constructor(
    private readonly listing: SubmissionListService,
    private readonly details: SubmissionDetailService,
    private readonly changes: SubmissionChangesService,
    private readonly notes: SubmissionNotesService,
    private readonly exports: SubmissionExportService,
    private readonly merges: SubmissionMergeService,
  ) {}

  @Get()
  @StaffAuth()
  @ApiOperation({
    summary: 'List submissions, newest first or by due time, filtered, keyset-paged',
    description: FIELD_FILTERS_DESCRIPTION,
  })
  @ApiOkResponse({ type: SubmissionPageView })
  @ApiErrors({
    400: [
      'Invalid field: status',
      'Invalid field: tag',
      'Invalid field: priority',
      'Invalid field: sort',
      'Invalid field: breached',
      'Invalid field: field.<name>',
      'Unknown field: x',
    ],
  })
  list(@Query() query: SubmissionListQuery, @Req() request: StaffRequest): Promise<SubmissionPageView> {
    const { limit, cursor, sort, ...filter } = query;
    return this.listing.list(filter, staffOf(request).id, cursor, limit ?? DEFAULT_PAGE_SIZE, sort ?? 'newest');
  }

  @Get('counts')
  @StaffAuth()
  @ApiOperation({
    summary:
      "Submissions per workflow status; with the list's filters (but status), those that match them (where a search found something)",
    description: FIELD_FILTERS_DESCRIPTION,
  })
  @ApiOkResponse({ type: StatusCountsView })
  @ApiErrors({
    400: [
      'Invalid field: assignee',
      'Invalid field: tag',
      'Invalid field: priority',
      'Invalid field: field.<name>',
      'Unknown field: x',
    ],
  })
  counts(@Query() query: SubmissionCountsQuery, @Req() request: StaffRequest): Promise<StatusCountsView> {
    return this.listing.countByStatus(query, staffOf(request).id);
  }

  @Get('export.csv')
  @StaffAuth()
  @ApiOperation({
    summary:
      "The list's filters as RFC 4180 CSV with a UTF-8 byte order mark, streamed; formula-like cells prefixed " +
      "with '; downloaded as submissions-<date>.csv",
    description:
      'A column per custom field after the fixed ones, headed `field.<name>`: every field, current and retired, ' +
      "of the exported rows' keys, by key, then in the key's order (multi_select choices joined with `; `, " +
      `checkboxes \`true\` or \`false\`, empty without a value). ${FIELD_FILTERS_DESCRIPTION}`,
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV with a header line', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiErrors({
    400: ['Invalid field: status', 'Invalid field: tag', 'Invalid field: priority', 'Invalid field: field.<name>'],
  })
  async export(@Query() query: SubmissionFilterQuery, @Req() request: StaffRequest): Promise<StreamableFile> {
    const rows = await this.exports.exportCsv(query, staffOf(request).id, actorOf(request));
    return new StreamableFile(Readable.from(rows), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${csvFileName(new Date())}"`,
    });
  }

  @Post('bulk')
  @HttpCode(HttpStatus.OK)
  @StaffAuth()
  @ApiOperation({
    summary: 'Apply one change to up to 500 submissions',
    description:
      'Each row changes under the rules of one PATCH, without If-Match: the rows are read, then each is written ' +
      'only if it is still at the version read, so a row someone changed in between is reported ' +
      '(`Submission changed; reload it`), never overwritten. One result per id, in the order given; a missing id ' +
      'is `Not found`, a refused change its message (`Submission is merged`). Each changed row gets its own audit ' +
      'events, webhooks and live events.',
  })
  @ApiOkResponse({ type: BulkChangeResultView })
  @ApiErrors({
    400: [
      'Missing field: ids',
      'Invalid field: ids',
      'Missing field: change',
      'Invalid field: change',
      'Unknown field: change.x',
      'Invalid field: change.status',
      'Invalid field: change.assignee_id',
      'Invalid field: change.add_tags',
      'Invalid field: change.remove_tags',
      'Invalid field: change.priority',
      'Unknown field: x',
    ],
    403: ['Forbidden'],
  })
  async bulk(@Body() body: BulkChangeDto, @Req() request: StaffRequest): Promise<BulkChangeResultView> {
    return { results: await this.changes.bulk(body.ids, body.change, actorOf(request)) };
  }

  @Get(':id')
  @StaffAuth()
  @ApiOperation({ summary: 'One submission with its deliveries, notes and events' })
  @ApiOkResponse({ type: SubmissionDetailView, headers: ETAG_HEADER })
  @ApiErrors({ 404: ['Not found'] })
  async detail(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SubmissionDetailView> {
    const submission = await this.details.detail(id);
    void reply.header('ETag', etagOf(submission.version));
    return submission;
  }

  @Patch(':id')
  @StaffAuth()
  @ApiOperation({
    summary:
      'Change status, assignee, priority, tags (the whole new list) and/or custom fields; requires If-Match with the current ETag',
  })
  @ApiHeader({ name: 'If-Match', required: true, description: 'The ETag of the version the change is based on' })
  @ApiOkResponse({ type: SubmissionDetailView, headers: ETAG_HEADER })
  @ApiErrors({
    400: [
      'Unknown field: x',
      'Invalid field: status',
      'Invalid field: assignee_id',
      'Invalid field: tags',
      'Invalid field: priority',
      'Invalid field: fields',
      'Unknown field: fields.x',
      'Missing field: fields.order_number',
      'Invalid field: fields.order_number',
    ],
    403: ['Forbidden'],
    404: ['Not found'],
    409: ['Submission is merged'],
    412: ['Submission changed; reload it'],
    428: ['If-Match required'],
  })
  async update(
    @Param('id') id: string,
    @Body() body: UpdateSubmissionDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Req() request: StaffRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SubmissionDetailView> {
    const versions = versionsOfIfMatch(ifMatch);
    if (versions === null) {
      throw new ApiException(HttpStatus.PRECONDITION_REQUIRED, 'If-Match required');
    }
    const submission = await this.changes.update(id, versions, body, actorOf(request));
    void reply.header('ETag', etagOf(submission.version));
    return submission;
  }

  @Post(':id/merge')
  @HttpCode(HttpStatus.OK)
  @StaffAuth()
  @ApiOperation({
    summary: 'Merge this submission into another',
    description:
      'Moves the timeline (messages, customer mail, files), notes and tags (union, at most ten) into the target ' +
      'and closes this one as `merged` for good, linked both ways (`merged_into` here, `merged_from` there). ' +
      'Mail that threads to this one arrives in the target. Answers the target, with its ETag.',
  })
  @ApiOkResponse({ type: SubmissionDetailView, headers: ETAG_HEADER })
  @ApiErrors({
    400: ['Missing field: into', 'Invalid field: into', 'Cannot merge a submission into itself', 'Unknown field: x'],
    403: ['Forbidden'],
    404: ['Not found'],
    409: ['Submission is merged', 'Target is merged', 'Cannot merge spam'],
    412: ['Submission changed; reload it'],
  })
  async merge(
    @Param('id') id: string,
    @Body() body: MergeSubmissionDto,
    @Req() request: StaffRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SubmissionDetailView> {
    const target = await this.merges.merge(id, body.into, actorOf(request));
    void reply.header('ETag', etagOf(target.version));
    return target;
  }

  @Post(':id/notes')
  @HttpCode(HttpStatus.CREATED)
  @StaffAuth()
  @ApiOperation({ summary: 'Add a note' })
  @ApiCreatedResponse({ type: NoteView })
  @ApiErrors({
    400: ['Missing field: body', 'Invalid field: body'],
    403: ['Forbidden'],
    404: ['Not found'],
    409: ['Submission is merged'],
  })
  addNote(@Param('id') id: string, @Body() body: CreateNoteDto, @Req() request: StaffRequest): Promise<NoteView> {
    return this.notes.add(id, body.body, { ...actorOf(request), id: staffOf(request).id });
  }
}
