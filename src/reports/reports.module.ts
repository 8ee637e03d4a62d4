import { Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ReportDaysPersonalData } from './report-days-personal-data';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { Clock } from '../clock/clock';
import { RatingsModule } from '../ratings/ratings.module';
import { PeriodicTask } from '../queue/periodic-task';
import { StaffAccountsModule } from '../staff-accounts/staff-accounts.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { ReportsCommand, BuildReportsCommand } from './commands/reports.command';
import { ReportBacklog } from './report-backlog';
import { ReportBacklogCache } from './report-backlog-cache';
import { ReportDaysBuilder } from './report-days.builder';
import { ReportDaysRepository } from './report-days.repository';
import { ReportFieldsRepository } from './report-fields.repository';
import { ReportFields } from './report-fields.service';
import { ReportStaleDays } from './report-stale-days';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/** How often a worker builds the days not built yet, and how many per pass (newest first). */
const BUILD_EVERY_SECONDS = 300;
const DAYS_PER_PASS = 62;

/** The day aggregates and what keeps them exact (every process, the CLI included: erasure marks days). */
@Module({
  providers: [ReportDaysRepository, ReportDaysBuilder, ReportStaleDays, ReportBacklogCache, ReportDaysPersonalData],
  exports: [ReportDaysRepository, ReportDaysBuilder, ReportStaleDays, ReportBacklogCache],
})
export class ReportDaysModule {}

/** GET /staff/api/reports (API process). */
@Module({
  imports: [ReportDaysModule, SubmissionsModule, ApiKeyModule, StaffAccountsModule, RatingsModule, CustomFieldsModule],
  controllers: [ReportsController],
  providers: [ReportsService, ReportBacklog, ReportFields, ReportFieldsRepository],
})
export class ReportsRoutesModule {}

/** Builds the days reports read, in the background: a year's report then reads 365 stored days. */
@Injectable()
export class ReportDaysBuildTask implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReportDays');
  private readonly task = new PeriodicTask('Report days build', this.logger, () =>
    this.builder.buildPass(this.clock.now(), DAYS_PER_PASS),
  );

  constructor(
    private readonly builder: ReportDaysBuilder,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(BUILD_EVERY_SECONDS);
    // Soon after start too, so a new deployment's history is built without waiting five minutes.
    setTimeout(() => void this.task.runOnce(), 30_000).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }
}

/** The worker's part. */
@Module({ imports: [ReportDaysModule], providers: [ReportDaysBuildTask] })
export class ReportsWorkerModule {}

/** The operator's `reports build`. */
@Module({ imports: [ReportDaysModule], providers: [ReportsCommand, BuildReportsCommand] })
export class ReportsCommandsModule {}
