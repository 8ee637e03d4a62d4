import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { settleWithin } from '../queue/settle-within';
import { connectSubscriber, RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { tagKey } from '../submissions/submission-tags';
import { BusinessCalendar } from './business-calendar';
import { SlaPolicyEntity } from './entities/sla-policy.entity';
import { SlaPoliciesRepository } from './sla-policies.repository';
import { ActivePolicy } from './sla-targets';

/**
 * A safety net: the policies are read again this often even when no change was heard (a message lost
 * while the subscriber reconnected is also covered by the reload on reconnect).
 */
const REFRESH_MS = 5 * 60_000;

/** The deployment's channel on which a change of the policies is announced. */
function policiesChannel(settings: AppConfig['redis']): string {
  return `${settings.prefix}:sla-policies`;
}

/** A stored policy made ready to match (see choosePolicy). */
export function activePolicyOf(policy: SlaPolicyEntity): ActivePolicy {
  const { api_key_ids, priorities, tags } = policy.appliesTo;
  const setOf = (values: string[] | undefined) => (values && values.length > 0 ? new Set(values) : null);
  return {
    policy,
    calendar: BusinessCalendar.of(policy.businessHours),
    apiKeyIds: setOf(api_key_ids),
    priorities: setOf(priorities),
    tagKeys: setOf(tags?.map(tagKey)),
  };
}

/**
 * The SLA policies in memory, so choosing one at intake costs no database round trip. A change made
 * in any process is announced on a Redis channel and every process reads the policies again; a
 * process also reads them again after its subscriber reconnects (it may have missed a message) and
 * every REFRESH_MS.
 */
@Injectable()
export class SlaPolicyCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly failures = new OccasionalLog(new Logger(SlaPolicyCache.name));
  private loaded: Promise<ActivePolicy[]> | null = null;
  private subscriber: RedisClient | null = null;
  private refresh: NodeJS.Timeout | undefined;

  constructor(
    private readonly policies: SlaPoliciesRepository,
    private readonly config: AppConfig,
    @InjectRedis() private readonly redis: RedisClient,
  ) {}

  onApplicationBootstrap(): void {
    const subscriber = connectSubscriber(this.config.redis);
    this.subscriber = subscriber;
    subscriber.on('error', (error: Error) => this.failures.error(`SLA policy subscriber: ${error.message}`));
    subscriber.on('message', () => this.forget());
    subscriber.on('ready', () => this.forget());
    void subscriber.subscribe(policiesChannel(this.config.redis)).catch(() => undefined);
    this.refresh = setInterval(() => this.forget(), REFRESH_MS);
    this.refresh.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.refresh);
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) {
      await settleWithin(subscriber.quit(), 1000);
      subscriber.disconnect();
    }
  }

  /** The policies in the order they are tried (read from the database only after a change). */
  current(): Promise<ActivePolicy[]> {
    if (!this.loaded) {
      const loading = this.policies.list().then((rows) => rows.map(activePolicyOf));
      this.loaded = loading;
      // A failed read is not kept: the next caller reads again.
      loading.catch(() => {
        if (this.loaded === loading) {
          this.loaded = null;
        }
      });
    }
    return this.loaded;
  }

  /** A policy changed (committed): forget them here and tell every other process. */
  async changed(): Promise<void> {
    this.forget();
    try {
      await this.redis.publish(policiesChannel(this.config.redis), 'changed');
    } catch (error) {
      // The others read them again within REFRESH_MS.
      this.failures.error(`SLA policy change not announced: ${(error as Error).message}`);
    }
  }

  private forget(): void {
    this.loaded = null;
  }
}
