import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { MetricsController } from '../metrics/metrics.controller';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { WorkerHealthServer } from './worker-health.server';

/** Readiness checks (database, Redis, migrations), for whichever listener serves them. */
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [HealthService],
  exports: [HealthService],
})
export class HealthModule {}

/** /health and /metrics as routes of the API. */
@Module({ imports: [HealthModule], controllers: [HealthController, MetricsController] })
export class HealthRoutesModule {}

/** /health and /metrics on HEALTH_PORT, for a process with no API (ROLE=worker). */
@Module({ imports: [HealthModule], providers: [WorkerHealthServer] })
export class WorkerHealthModule {}
