import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OccasionalLog } from '../logging/occasional-log';
import { AnnouncedSnapshot } from '../redis/announced-snapshot';
import { RedisClient } from '../redis/redis-connection';
import { InjectRedis } from '../redis/redis.module';
import { RuleEntity } from './entities/rule.entity';
import { customFieldOf, RuleActionSpec, RuleEvent } from './rule-definition';
import { CompiledCondition, compileCondition, RuleSubject } from './rule-matcher';
import { RulesRepository } from './rules.repository';

/** An enabled rule made ready to run: its conditions compiled once. */
export interface ActiveRule {
  id: string;
  name: string;
  event: RuleEvent;
  conditions: CompiledCondition[];
  actions: RuleActionSpec[];
  /** A condition names a custom field: a submission's values are read for it (not at intake: they are in hand). */
  readsFields: boolean;
}

/** The enabled rules of each event, in the order they run (position, then name). */
export type RulesByEvent = Record<RuleEvent, ActiveRule[]>;

export function activeRuleOf(rule: Pick<RuleEntity, 'id' | 'name' | 'event' | 'conditions' | 'actions'>): ActiveRule {
  return {
    id: rule.id,
    name: rule.name,
    event: rule.event,
    conditions: rule.conditions.map((condition) => compileCondition(condition)),
    actions: rule.actions,
    readsFields: rule.conditions.some((condition) => customFieldOf(condition.field) !== null),
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
 * The enabled rules in memory, so the intake costs no database round trip when no rule matches; a
 * change in any process is announced to all of them (AnnouncedSnapshot, as SlaPolicyCache does).
 */
@Injectable()
export class RuleCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly failures = new OccasionalLog(new Logger(RuleCache.name));
  private readonly snapshot: AnnouncedSnapshot<RulesByEvent>;

  constructor(rules: RulesRepository, config: AppConfig, @InjectRedis() redis: RedisClient) {
    this.snapshot = new AnnouncedSnapshot({
      channel: `${config.redis.prefix}:rules`,
      settings: config.redis,
      publisher: redis,
      load: () => rules.list().then(byEvent),
      onError: (message) => this.failures.error(`Rules: ${message}`),
    });
  }

  onApplicationBootstrap(): void {
    this.snapshot.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.snapshot.stop();
  }

  /** The enabled rules of each event, in order (read from the database only after a change). */
  current(): Promise<RulesByEvent> {
    return this.snapshot.current();
  }

  /** A rule changed (committed): forget them here and tell every other process. */
  changed(): Promise<void> {
    return this.snapshot.changed();
  }
}
