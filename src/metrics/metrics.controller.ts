import { Controller, Get, Headers, HttpStatus, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiException } from '../common/api-exception';
import { MetricsEndpoint } from './metrics-endpoint';

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly endpoint: MetricsEndpoint) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    if (!this.endpoint.isAllowed(authorization)) {
      throw new ApiException(HttpStatus.UNAUTHORIZED, 'Invalid or missing metrics token', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    await reply.type(this.endpoint.contentType).send(await this.endpoint.render());
  }
}
