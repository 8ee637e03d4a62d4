import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ApiKeyEntity } from '../api-keys/entities/api-key.entity';
import { ApiBody, ApiHeader, ApiOperation, ApiProperty, ApiResponse } from '@nestjs/swagger';
import { ApiErrors, ApiOkWithLimits, COMMON_ERRORS } from '../http/openapi/api-responses';
import { AccessTokenAuth } from '../auth/auth.decorators';
import { CONTACT_PATH } from '../http/contract-paths';
import { CurrentApiKey, IdentifiedRequest } from '../auth/request-context';
import { ContactService } from './contact.service';
import { CreateSubmissionDto } from './dto/create-submission.dto';
import { IntakeFormDto } from './dto/intake-form.dto';
import { IdempotencyKey } from './idempotency-key.decorator';

/** Specification 2.3. */
export class SubmissionResultDto {
  @ApiProperty({ enum: ['success'] })
  status!: 'success';

  @ApiProperty({ enum: ['Submission received'] })
  message!: 'Submission received';

  @ApiProperty({ description: 'UUIDv7 of the stored submission', example: '01a20093-2c13-73ce-ba5f-bebabadb9343' })
  id!: string;
}

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post(CONTACT_PATH)
  @ApiOperation({
    summary: 'Submit a contact request',
    description:
      'Checks in order: unknown fields, missing name, then invalid fields (name, email, phone, business, message); ' +
      "then the key's custom fields in `fields` (part five): unknown, missing, invalid, each in the key's order. " +
      'The 200 is sent only after the submission is committed.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: '1-255 visible ASCII; a repeat within 24 h returns the first id',
  })
  // The body is checked by the service (its `fields` depend on the key), against this DTO and the key's fields.
  @ApiBody({ type: CreateSubmissionDto })
  @ApiOkWithLimits(SubmissionResultDto, 'Stored (committed) submission')
  @ApiErrors({
    ...COMMON_ERRORS,
    400: [
      'Invalid JSON body',
      'Unknown field: foo',
      'Missing field: name',
      'Invalid field: name',
      'Invalid field: email',
      'Invalid field: phone',
      'Invalid field: business',
      'Invalid field: message',
      'Invalid field: fields',
      'Unknown field: fields.foo',
      'Missing field: fields.order_number',
      'Invalid field: fields.order_number',
      'Invalid header: Idempotency-Key',
    ],
    401: ['Invalid or missing access token'],
    503: ['Service unavailable'],
  })
  @HttpCode(HttpStatus.OK)
  @AccessTokenAuth()
  async submit(
    @Body() body: unknown,
    @CurrentApiKey() apiKey: ApiKeyEntity,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Req() request: IdentifiedRequest,
  ): Promise<SubmissionResultDto> {
    const id = await this.contact.accept(body, apiKey, {
      clientIp: request.ip,
      userAgent: request.headers['user-agent'],
      idempotencyKey,
    });
    return { status: 'success', message: 'Submission received', id };
  }

  @Get(CONTACT_PATH)
  @ApiOperation({
    summary: "The key's custom fields and a JSON Schema of the submission body",
    description:
      'Lets a client system build its form: `fields` are the definitions it may send (in order), `schema` a ' +
      'JSON Schema 2020-12 of the whole POST body (formats date, email and uri asserted). Carries an ETag; ' +
      'If-None-Match with it answers 304. A new version of the fields applies within API_KEY_CACHE_TTL.',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of an earlier answer' })
  @ApiOkWithLimits(IntakeFormDto, "The key's fields and the body's schema", {
    ETag: { description: 'Changes when the fields do', schema: { type: 'string' } },
  })
  @ApiResponse({ status: HttpStatus.NOT_MODIFIED, description: 'Unchanged since the ETag in If-None-Match (no body)' })
  @ApiErrors({ 401: ['Invalid or missing access token'], 503: ['Service unavailable'] })
  @HttpCode(HttpStatus.OK)
  @AccessTokenAuth()
  async form(
    @CurrentApiKey() apiKey: ApiKeyEntity,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<IntakeFormDto | undefined> {
    const form = await this.contact.form(apiKey);
    void reply.header('ETag', form.etag).header('Cache-Control', 'private, no-cache');
    if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === form.etag)) {
      void reply.status(HttpStatus.NOT_MODIFIED);
      return undefined;
    }
    return form.body;
  }
}
