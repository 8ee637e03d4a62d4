import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import type { ApiKeyEntity } from '../api-keys/entities/api-key.entity';
import { ApiHeader, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { ApiErrors, ApiOkWithLimits, COMMON_ERRORS } from '../http/openapi/api-responses';
import { AccessTokenAuth } from '../auth/auth.decorators';
import { CONTACT_PATH } from '../http/contract-paths';
import { CurrentApiKey, IdentifiedRequest } from '../auth/request-context';
import { ContactService } from './contact.service';
import { CreateSubmissionDto } from './dto/create-submission.dto';
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
      'Checks in order: unknown fields, missing name, then invalid fields (name, email, phone, business, message). ' +
      'The 200 is sent only after the submission is committed.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: '1-255 visible ASCII; a repeat within 24 h returns the first id',
  })
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
      'Invalid header: Idempotency-Key',
    ],
    401: ['Invalid or missing access token'],
    503: ['Service unavailable'],
  })
  @HttpCode(HttpStatus.OK)
  @AccessTokenAuth()
  async submit(
    @Body() body: CreateSubmissionDto,
    @CurrentApiKey() apiKey: ApiKeyEntity,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Req() request: IdentifiedRequest,
  ): Promise<SubmissionResultDto> {
    const id = await this.contact.submit(body, {
      apiKeyId: apiKey.id,
      spamFilter: apiKey.spamFilter,
      clientIp: request.ip,
      userAgent: request.headers['user-agent'],
      idempotencyKey,
    });
    return { status: 'success', message: 'Submission received', id };
  }
}
