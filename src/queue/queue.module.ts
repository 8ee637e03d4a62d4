import { BullModule, InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { OccasionalLog } from '../logging/occasional-log';
import { settleWithin } from './settle-within';
import { JobsOptions, Queue } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { connectRedis, queuePrefix, RedisClient } from '../redis/redis-connection';
import { QUEUE_CLUSTER_CONNECTION, QueueConnectionModule } from '../redis/queue-connection.module';
import { DeliverSubmissionJob, MAINTENANCE_QUEUE, SUBMISSIONS_QUEUE, WEBHOOKS_QUEUE } from './queue.constants';

/** The producer the request path uses; see QueueModule for why it is a queue handle of its own. */
export const SUBMISSION_PRODUCER = Symbol('SUBMISSION_PRODUCER');
export const InjectSubmissionProducer = (): ParameterDecorator => Inject(SUBMISSION_PRODUCER);

const CLOSE_GRACE_MS = 1000;

/** Completed jobs are kept an hour (at most 10 000) so Redis does not grow without bound. */
const KEEP_COMPLETED = { age: 3600, count: 10_000 };

/** Default job options of the `submissions` queue, in one place. */
export function submissionJobOptions(config: AppConfig): JobsOptions {
  return {
    attempts: config.queue.attempts,
    backoff: { type: 'exponential', delay: Math.round(config.queue.backoffDelay * 1000) },
    removeOnComplete: KEEP_COMPLETED,
    // Failed jobs stay in BullMQ's failed set, visible and retryable from the dashboard.
    removeOnFail: false,
  };
}

@Injectable()
class SubmissionProducerLifecycle implements OnApplicationShutdown {
  private readonly log = new OccasionalLog(new Logger('Queue'));

  /** Without listeners BullMQ prints every connection error; one line a minute says enough. */
  constructor(
    @InjectSubmissionProducer() private readonly producer: Queue<DeliverSubmissionJob>,
    @InjectQueue(SUBMISSIONS_QUEUE) queue: Queue<DeliverSubmissionJob>,
  ) {
    const report = (error: Error) => this.log.error(`Queue connection problem: ${error.message}`);
    producer.on('error', report);
    queue.on('error', report);
    (producer.opts.connection as RedisClient).on('error', report);
  }

  async onApplicationShutdown(): Promise<void> {
    // BullMQ's close() waits for a connection that is not there while Redis is away; give it a moment,
    // then drop the connection we own (nothing is pending on this handle).
    await settleWithin(this.producer.close(), CLOSE_GRACE_MS);
    (this.producer.opts.connection as RedisClient).disconnect();
  }
}

/**
 * BullMQ for the `submissions` queue. Workers, the dashboard and the CLI use the queue registered with
 * @nestjs/bullmq (ordinary connection: it waits out Redis outages). The request path adds jobs through
 * a handle of its own, on a connection this module owns, so shutdown never waits on BullMQ for a Redis
 * that is away; a job that cannot be added is left to the outbox relay.
 */
@Module({
  imports: [
    BullModule.forRootAsync({
      imports: [QueueConnectionModule],
      inject: [AppConfig, QUEUE_CLUSTER_CONNECTION],
      useFactory: (config: AppConfig, cluster: RedisClient | null) => ({
        connection: cluster ?? { url: config.redis.url, maxRetriesPerRequest: null },
        prefix: queuePrefix(config.redis),
      }),
    }),
    BullModule.registerQueueAsync({
      name: SUBMISSIONS_QUEUE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ defaultJobOptions: submissionJobOptions(config) }),
    }),
    BullModule.registerQueue({
      name: WEBHOOKS_QUEUE,
      // The worker reschedules a failed HTTP attempt itself (see WebhookProcessor); BullMQ's attempts
      // only cover a run that threw (database or Redis away), so the delivery is not left pending.
      defaultJobOptions: {
        attempts: 10,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: KEEP_COMPLETED,
        removeOnFail: false,
      },
    }),
    BullModule.registerQueue({
      name: MAINTENANCE_QUEUE,
      defaultJobOptions: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 30 },
    }),
  ],
  providers: [
    {
      provide: SUBMISSION_PRODUCER,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        new Queue<DeliverSubmissionJob>(SUBMISSIONS_QUEUE, {
          connection: connectRedis(config.redis, { maxRetriesPerRequest: 1, connectTimeout: 2000 }),
          prefix: queuePrefix(config.redis),
          defaultJobOptions: submissionJobOptions(config),
        }),
    },
    SubmissionProducerLifecycle,
  ],
  exports: [BullModule, SUBMISSION_PRODUCER],
})
export class QueueModule {}
