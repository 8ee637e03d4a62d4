import { Body, Controller, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import type { ApiKeyEntity } from '../api-keys/entities/api-key.entity';
import { AccessTokenGuard } from '../auth/guards/access-token.guard';
import { CONTACT_PATH } from '../common/contract-paths';
import { CurrentApiKey, IdentifiedRequest } from '../common/request-context';
import { ApiKeyThrottlerGuard } from '../rate-limit/api-key-throttler.guard';
import { ContactService } from './contact.service';
import { CreateSubmissionDto } from './dto/create-submission.dto';
import { IdempotencyKey } from './idempotency-key.decorator';

export interface SubmissionResult {
  status: 'success';
  message: 'Submission received';
  id: string;
}

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post(CONTACT_PATH)
  @HttpCode(HttpStatus.OK)
  @UseGuards(AccessTokenGuard, ApiKeyThrottlerGuard)
  async submit(
    @Body() body: CreateSubmissionDto,
    @CurrentApiKey() apiKey: ApiKeyEntity,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Req() request: IdentifiedRequest,
  ): Promise<SubmissionResult> {
    const id = await this.contact.submit(body, {
      apiKeyId: apiKey.id,
      clientIp: request.ip,
      userAgent: request.headers['user-agent'],
      idempotencyKey,
    });
    return { status: 'success', message: 'Submission received', id };
  }
}
