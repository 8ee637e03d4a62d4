import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';

const HOUR_MS = 3_600_000;

/**
 * At most one acknowledgement per address and key an hour, counted in Redis (one SET NX per
 * acknowledgement; keyed by the address's keyed hash, never the address). Fails closed: while Redis
 * is away no acknowledgement is sent, rather than an unlimited number.
 */
@Injectable()
export class AckThrottle {
  private readonly prefix: string;

  constructor(
    @InjectRedis() private readonly redis: RedisClient,
    config: AppConfig,
  ) {
    this.prefix = `${config.redis.prefix}:ack`;
  }

  async take(apiKeyId: string, emailHash: string): Promise<boolean> {
    try {
      return (await this.redis.set(`${this.prefix}:${apiKeyId}:${emailHash}`, '1', 'PX', HOUR_MS, 'NX')) === 'OK';
    } catch {
      return false;
    }
  }
}
