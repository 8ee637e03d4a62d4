import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { SUBMISSIONS_QUEUE } from './queue.constants';

/** Completed jobs are kept an hour (at most 10 000) so Redis does not grow without bound. */
const KEEP_COMPLETED = { age: 3600, count: 10_000 };

/**
 * BullMQ connection and the `submissions` queue with its default job options, in one place.
 * The producer's connection does not queue commands while Redis is away: an add fails at once and
 * the outbox relay retries it later.
 */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.redis.url, maxRetriesPerRequest: null },
        prefix: `${config.redis.prefix}:bull`,
      }),
    }),
    BullModule.registerQueueAsync({
      name: SUBMISSIONS_QUEUE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: {
          url: config.redis.url,
          enableOfflineQueue: false,
          connectTimeout: 2000,
        },
        prefix: `${config.redis.prefix}:bull`,
        defaultJobOptions: {
          attempts: config.queue.attempts,
          backoff: { type: 'exponential', delay: Math.round(config.queue.backoffDelay * 1000) },
          removeOnComplete: KEEP_COMPLETED,
          // Failed jobs stay in BullMQ's failed set, visible and retryable from the dashboard.
          removeOnFail: false,
        },
      }),
    }),
  ],
  exports: [BullModule],
})
export class QueueModule {}
