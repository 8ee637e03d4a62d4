import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { connectRedis, RedisClient } from './redis-connection';

/**
 * In a Redis Cluster, the one connection BullMQ's queues share (BullMQ takes a cluster only as a
 * connection object; workers duplicate it for their blocking reads). Null on one server, where BullMQ
 * opens and closes its connections from options itself.
 */
export const QUEUE_CLUSTER_CONNECTION = Symbol('QUEUE_CLUSTER_CONNECTION');

/**
 * Closes the shared cluster connection, which BullMQ leaves open. The module is global, so Nest shuts
 * it down after every module that uses it: queues and workers are done with the connection by then.
 */
@Injectable()
class QueueConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(QUEUE_CLUSTER_CONNECTION) private readonly connection: RedisClient | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      provide: QUEUE_CLUSTER_CONNECTION,
      inject: [AppConfig],
      useFactory: (config: AppConfig): RedisClient | null => {
        if (config.redis.clusterNodes.length === 0) {
          return null;
        }
        // Workers block on reads: no per-request retry limit (BullMQ requires that of its connections).
        const connection = connectRedis(config.redis, { maxRetriesPerRequest: null, connectTimeout: 2000 });
        connection.on('error', () => undefined);
        return connection;
      },
    },
    QueueConnectionCloser,
  ],
  exports: [QUEUE_CLUSTER_CONNECTION],
})
export class QueueConnectionModule {}
