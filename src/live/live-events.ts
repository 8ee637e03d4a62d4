import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { LiveEvent, liveChannel } from './live-event';

/**
 * Publishes live events on the deployment's channel, from whichever process made the change (an API
 * process on a staff change or a reply, the API or the worker on intake and inbound mail), always
 * after the change committed. Best effort: an event is a hint to reload, the console also polls, so a
 * Redis that is away costs a late refresh, never the change itself (failures are logged, not thrown).
 */
@Injectable()
export class LiveEvents {
  private readonly logger = new Logger(LiveEvents.name);
  private readonly failures = new OccasionalLog(this.logger);
  private readonly channel: string;

  constructor(
    @InjectRedis() private readonly redis: RedisClient,
    config: AppConfig,
  ) {
    this.channel = liveChannel(config.redis);
  }

  publish(event: LiveEvent): void {
    this.redis
      .publish(this.channel, JSON.stringify(event))
      .catch((error: Error) => this.failures.error(`Live event ${event.type} not published: ${error.message}`));
  }
}
