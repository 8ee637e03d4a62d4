import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Queue } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { connectRedis, queuePrefix, RedisClient } from '../redis/redis-connection';
import { QUEUE_CLUSTER_CONNECTION, QueueConnectionModule } from '../redis/queue-connection.module';
import { QUEUE_NAMES, queueOptions, QueueName } from './job-catalogue';
import { JobHandlerCheck } from './job-handlers';
import { JobProducer, PRODUCER_QUEUES } from './job-producer';
import { QueueMetrics } from './queue-metrics';

/**
 * BullMQ. Workers (through @Processor) and the dashboard use the queues registered with
 * @nestjs/bullmq, on ordinary connections that wait out Redis outages. Everything that adds, re-runs
 * or removes jobs goes through JobProducer, whose handles share one connection this module owns and
 * that fails fast, so neither a request nor shutdown ever waits on BullMQ for a Redis that is away.
 */
@Module({
  imports: [
    DiscoveryModule,
    BullModule.forRootAsync({
      imports: [QueueConnectionModule],
      inject: [AppConfig, QUEUE_CLUSTER_CONNECTION],
      useFactory: (config: AppConfig, cluster: RedisClient | null) => ({
        connection: cluster ?? { url: config.redis.url, maxRetriesPerRequest: null },
        prefix: queuePrefix(config.redis),
      }),
    }),
    ...QUEUE_NAMES.map((name) =>
      BullModule.registerQueueAsync({
        name,
        inject: [AppConfig],
        useFactory: (config: AppConfig) => ({ defaultJobOptions: queueOptions(name, config) }),
      }),
    ),
  ],
  providers: [
    {
      provide: PRODUCER_QUEUES,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Record<QueueName, Queue> => {
        const connection = connectRedis(config.redis, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
        return Object.fromEntries(
          QUEUE_NAMES.map((name) => [
            name,
            new Queue(name, {
              connection,
              prefix: queuePrefix(config.redis),
              defaultJobOptions: queueOptions(name, config),
            }),
          ]),
        ) as Record<QueueName, Queue>;
      },
    },
    JobProducer,
    JobHandlerCheck,
  ],
  exports: [BullModule, JobProducer],
})
export class QueueModule {}

/** The `queue_jobs` gauge (QueueMetrics), for the roles that serve metrics (AppModule's; not the CLI). */
@Module({ imports: [QueueModule], providers: [QueueMetrics] })
export class QueueMetricsModule {}
