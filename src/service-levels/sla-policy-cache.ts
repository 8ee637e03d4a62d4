import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { AnnouncedSnapshot } from '../redis/announced-snapshot';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { tagKey } from '../submissions/lifecycle/submission-tags';
import { BusinessCalendar } from './business-calendar';
import { SlaPolicyEntity } from './entities/sla-policy.entity';
import { SlaPoliciesRepository } from './sla-policies.repository';
import { ActivePolicy } from './sla-targets';

/** A stored policy made ready to match (see choosePolicy). */
export function activePolicyOf(policy: SlaPolicyEntity): ActivePolicy {
  const { api_key_ids, priorities, tags, fields } = policy.appliesTo;
  const setOf = (values: string[] | undefined) => (values && values.length > 0 ? new Set(values) : null);
  return {
    policy,
    calendar: BusinessCalendar.of(policy.businessHours),
    apiKeyIds: setOf(api_key_ids),
    priorities: setOf(priorities),
    tagKeys: setOf(tags?.map(tagKey)),
    fields:
      fields && Object.keys(fields).length > 0
        ? Object.entries(fields).map(([name, value]) => [name, String(value)] as const)
        : null,
  };
}

/**
 * The SLA policies in memory, so choosing one at intake costs no database round trip; a change in any
 * process is announced to all of them (AnnouncedSnapshot).
 */
@Injectable()
export class SlaPolicyCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly failures = new OccasionalLog(new Logger(SlaPolicyCache.name));
  private readonly snapshot: AnnouncedSnapshot<ActivePolicy[]>;

  constructor(policies: SlaPoliciesRepository, config: AppConfig, @InjectRedis() redis: RedisClient) {
    this.snapshot = new AnnouncedSnapshot({
      channel: `${config.redis.prefix}:sla-policies`,
      settings: config.redis,
      publisher: redis,
      load: () => policies.list().then((rows) => rows.map(activePolicyOf)),
      onError: (message) => this.failures.error(`SLA policies: ${message}`),
    });
  }

  onApplicationBootstrap(): void {
    this.snapshot.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.snapshot.stop();
  }

  /** The policies in the order they are tried (read from the database only after a change). */
  current(): Promise<ActivePolicy[]> {
    return this.snapshot.current();
  }

  /** A policy changed (committed): forget them here and tell every other process. */
  changed(): Promise<void> {
    return this.snapshot.changed();
  }
}
