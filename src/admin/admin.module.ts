import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { BullBoardModule } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import { NotFoundChallenge } from '../http/not-found-challenge';
import { QueueModule } from '../queue/queue.module';
import { QUEUE_NAMES } from '../queue/job-catalogue';
import { RateLimitModule } from '../rate-limits/rate-limit.module';
import { RedisClient } from '../redis/redis-connection';
import { REDIS_CLIENT } from '../redis/redis.module';
import { ADMIN_QUEUES_ROUTE, AdminDashboardAuth } from './admin-dashboard-auth';
import { guardedBullBoardAdapter } from './guarded-bull-board.adapter';

@Module({
  imports: [RateLimitModule],
  providers: [AdminDashboardAuth, { provide: NotFoundChallenge, useExisting: AdminDashboardAuth }],
  // NotFoundChallenge: the app's error filter asks it, so a misspelt dashboard path is 401, not 404.
  exports: [AdminDashboardAuth, NotFoundChallenge],
})
export class AdminAuthModule {}

/**
 * Bull Board at /admin/queues, every queue of the catalogue: staff see waiting, active and failed jobs
 * and retry failed ones.
 * Mounted only when ADMIN_USER and ADMIN_PASSWORD are set, behind AdminDashboardAuth.
 */
@Module({
  imports: [
    QueueModule,
    AdminAuthModule,
    BullBoardModule.forRootAsync({
      imports: [AdminAuthModule],
      inject: [AdminDashboardAuth, REDIS_CLIENT],
      useFactory: (auth: AdminDashboardAuth, redis: RedisClient) => ({
        route: ADMIN_QUEUES_ROUTE,
        adapter: guardedBullBoardAdapter(auth, redis),
      }),
    }),
    BullBoardModule.forFeature(...QUEUE_NAMES.map((name) => ({ name, adapter: BullMQAdapter }))),
  ],
  exports: [AdminAuthModule],
})
export class AdminModule {}
