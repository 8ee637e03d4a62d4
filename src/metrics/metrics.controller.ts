import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MetricsEndpoint } from './metrics-endpoint';

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly endpoint: MetricsEndpoint) {}

  @Get()
  scrape(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.endpoint.serveShared(request, reply);
  }
}
