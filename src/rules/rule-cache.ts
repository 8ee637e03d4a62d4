import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { settleWithin } from '../queue/settle-within';
import { connectSubscriber, RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { RuleEntity } from './entities/rule.entity';
import type { RuleActionSpec, RuleEvent } from './rule-definition';
import { CompiledCondition, compileCondition, RuleSubject } from './rule-matcher';
import { RulesRepository } from './rules.repository';

/**
 * A safety net: the rules are read again this often even when no change was heard (a message lost
 * while the subscriber reconnected is also covered by the reload on reconnect).
 */
const REFRESH_MS = 5 * 60_000;

/** The deployment's channel on which a change of the rules is announced. */
function rulesChannel(settings: AppConfig['redis']): string {
  return `${settings.prefix}:rules`;
}

/** An enabled rule made ready to run: its conditions compiled once. */
export interface ActiveRule {
  id: string;
  name: string;
  event: RuleEvent;
  conditions: CompiledCondition[];
  actions: RuleActionSpec[];
}

/** The enabled rules of each event, in the order they run (position, then name). */
export type RulesByEvent = Record<RuleEvent, ActiveRule[]>;

export function activeRuleOf(rule: Pick<RuleEntity, 'id' | 'name' | 'event' | 'conditions' | 'actions'>): ActiveRule {
  return {
    id: rule.id,
    name: rule.name,
    event: rule.event,
    conditions: rule.conditions.map(compileCondition),
    actions: rule.actions,
  };
}

/** Whether every condition of the rule holds (a rule without conditions: always). */
export function ruleMatches(rule: ActiveRule, subject: RuleSubject): boolean {
  for (const condition of rule.conditions) {
    if (!condition.test(subject)) {
      return false;
    }
  }
  return true;
}

function byEvent(rows: RuleEntity[]): RulesByEvent {
  const rules: RulesByEvent = { received: [], message_received: [], status_changed: [] };
  for (const row of rows) {
    if (row.enabled && rules[row.event]) {
      rules[row.event].push(activeRuleOf(row));
    }
  }
  return rules;
}

/**
 * The enabled rules in memory, so the intake costs no database round trip when no rule matches. A
 * change made in any process is announced on a Redis channel and every process reads the rules again;
 * a process also reads them again after its subscriber reconnects (it may have missed a message) and
 * every REFRESH_MS (SlaPolicyCache is the model).
 */
@Injectable()
export class RuleCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly failures = new OccasionalLog(new Logger(RuleCache.name));
  private loaded: Promise<RulesByEvent> | null = null;
  private subscriber: RedisClient | null = null;
  private refresh: NodeJS.Timeout | undefined;

  constructor(
    private readonly rules: RulesRepository,
    private readonly config: AppConfig,
    @InjectRedis() private readonly redis: RedisClient,
  ) {}

  onApplicationBootstrap(): void {
    const subscriber = connectSubscriber(this.config.redis);
    this.subscriber = subscriber;
    subscriber.on('error', (error: Error) => this.failures.error(`Rule subscriber: ${error.message}`));
    subscriber.on('message', () => this.forget());
    subscriber.on('ready', () => this.forget());
    void subscriber.subscribe(rulesChannel(this.config.redis)).catch(() => undefined);
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

  /** The enabled rules of each event, in order (read from the database only after a change). */
  current(): Promise<RulesByEvent> {
    if (!this.loaded) {
      const loading = this.rules.list().then(byEvent);
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

  /** A rule changed (committed): forget them here and tell every other process. */
  async changed(): Promise<void> {
    this.forget();
    try {
      await this.redis.publish(rulesChannel(this.config.redis), 'changed');
    } catch (error) {
      // The others read them again within REFRESH_MS.
      this.failures.error(`Rule change not announced: ${(error as Error).message}`);
    }
  }

  private forget(): void {
    this.loaded = null;
  }
}
