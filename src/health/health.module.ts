import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { MetricsController } from '../metrics/metrics.controller';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/** Readiness checks (database, Redis, migrations), for whichever listener serves them. */
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [HealthService],
  exports: [HealthService],
})
export class HealthModule {}

/** /health and /metrics as HTTP routes: of the API, or of a worker's HEALTH_PORT. */
@Module({ imports: [HealthModule], controllers: [HealthController, MetricsController] })
export class HealthRoutesModule {}
