import { HttpStatus, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { isDuplicateKey } from '../database/duplicate-key';
import { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { ApiException } from '../http/api-exception';
import { StaffAccountsRepository } from '../staff-accounts/staff-accounts.repository';
import { SubmissionTagsRepository } from '../submissions/lifecycle/submission-tags.repository';
import { CreateRuleDto, UpdateRuleDto } from './dto/rule-changes.dto';
import { RuleEntity } from './entities/rule.entity';
import { activeRuleOf, RuleCache } from './rule-cache';
import {
  accountsNamedBy,
  customFieldOf,
  MAX_RULES,
  normalizedAction,
  normalizedCondition,
  RuleActionSpec,
  RuleConditionSpec,
  RuleWhen,
} from './rule-definition';
import { conditionSuits } from './rule-field-conditions';
import { reasonOf } from './rule-matcher';
import { subjectOf } from './rule-runner';
import { RuleSubjectsRepository } from './rule-subjects.repository';
import { RuleTurnsRepository } from './rule-turns.repository';
import { RulesRepository } from './rules.repository';

const notFound = () => new ApiException(HttpStatus.NOT_FOUND, 'Not found');
export const RULE_NAME_TAKEN = 'A rule with this name already exists';
export const TOO_MANY_RULES = `There are already ${MAX_RULES} rules, the most there may be: delete one first`;
/** An action names an account that does not exist or is disabled: answered as the field, like any other fault of it. */
const UNKNOWN_AGENT = 'Invalid field: then';
/** A condition names a custom field no key has, or asks what its type cannot say: a fault of `when`, as any other. */
const UNKNOWN_CUSTOM_FIELD = 'Invalid field: when';

/**
 * Rules (admins write them, every staff member reads them): written here, audited, and announced to
 * every process (RuleCache), where the next change runs them (RuleRunner).
 */
@Injectable()
export class RulesService {
  constructor(
    private readonly rules: RulesRepository,
    private readonly turns: RuleTurnsRepository,
    private readonly cache: RuleCache,
    private readonly audit: AuditService,
    private readonly accounts: StaffAccountsRepository,
    private readonly subjects: RuleSubjectsRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly customFields: CustomFieldsService,
  ) {}

  list(): Promise<RuleEntity[]> {
    return this.rules.list();
  }

  async create(input: CreateRuleDto, actor: Actor): Promise<RuleEntity> {
    const when = input.when as RuleWhen;
    const now = new Date();
    const rule: RuleEntity = {
      id: uuidv7(),
      name: input.name,
      position: input.position,
      enabled: input.enabled ?? true,
      event: when.event,
      conditions: when.conditions.map(normalizedCondition),
      actions: (input.then as RuleActionSpec[]).map(normalizedAction),
      createdAt: now,
      updatedAt: now,
    };
    await this.requireAccounts(rule.actions);
    await this.requireFields(rule.conditions);
    if ((await this.rules.count()) >= MAX_RULES) {
      throw new ApiException(HttpStatus.CONFLICT, TOO_MANY_RULES);
    }
    await unlessNameTaken(() => this.rules.insert(rule));
    await this.turns.ensure(rule.id);
    await this.audit.record(actor, {
      action: 'rule.created',
      target: { type: 'rule', id: rule.id },
      after: summaryOf(rule),
    });
    await this.cache.changed();
    return rule;
  }

  async update(id: string, changes: UpdateRuleDto, actor: Actor): Promise<RuleEntity> {
    const current = await this.rules.findById(id);
    if (!current) {
      throw notFound();
    }
    const when = (changes.when ?? null) as RuleWhen | null;
    const next: RuleEntity = {
      ...current,
      name: changes.name ?? current.name,
      position: changes.position ?? current.position,
      enabled: changes.enabled ?? current.enabled,
      event: when ? when.event : current.event,
      conditions: when ? when.conditions.map(normalizedCondition) : current.conditions,
      actions: changes.then ? (changes.then as RuleActionSpec[]).map(normalizedAction) : current.actions,
    };
    if (JSON.stringify(summaryOf(next)) === JSON.stringify(summaryOf(current))) {
      return current;
    }
    if (changes.then) {
      await this.requireAccounts(next.actions);
    }
    if (when) {
      await this.requireFields(next.conditions);
    }
    next.updatedAt = new Date();
    await unlessNameTaken(() => this.rules.update(next));
    await this.audit.record(actor, {
      action: 'rule.updated',
      target: { type: 'rule', id },
      before: summaryOf(current),
      after: summaryOf(next),
    });
    await this.cache.changed();
    return next;
  }

  async remove(id: string, actor: Actor): Promise<void> {
    const current = await this.rules.findById(id);
    if (!current) {
      throw notFound();
    }
    if (await this.rules.delete(id)) {
      await this.turns.delete(id);
      await this.audit.record(actor, {
        action: 'rule.deleted',
        target: { type: 'rule', id },
        before: summaryOf(current),
      });
      await this.cache.changed();
    }
  }

  /**
   * Whether a rule's `when` (saved or not) matches a submission as it is now, with a sentence per
   * condition. For `message_received`, subject and message are those of its newest customer mail; a
   * form has no subject. Whether the event happens is not asked: only the conditions.
   */
  async test(submissionId: string, input: unknown): Promise<{ matches: boolean; reasons: string[] }> {
    const when = input as RuleWhen;
    const row = await this.subjects.findById(submissionId);
    if (!row) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: submission_id');
    }
    const conditions = when.conditions.map(normalizedCondition);
    await this.requireFields(conditions);
    const mail = when.event === 'message_received' ? await this.subjects.latestCustomerMessage(row.id) : null;
    const rule = activeRuleOf({ id: '', name: '', event: when.event, conditions, actions: [] });
    const subject = subjectOf(
      row,
      { status: row.status, priority: row.priority, tags: await this.tags.of(row.id) },
      {
        ...(mail ? { subject: mail.subject, message: mail.body } : {}),
        fields: rule.readsFields ? await this.subjects.fieldValues(row) : undefined,
      },
    );
    const checked = rule.conditions.map((condition) => reasonOf(condition, subject));
    return {
      matches: checked.every((check) => check.matches),
      reasons:
        checked.length > 0
          ? checked.map((check) => check.reason)
          : [`no conditions: every ${when.event} event matches`],
    };
  }

  /**
   * Every custom field a condition names is a current field of some key, whose type the condition suits
   * (conditionSuits) for at least one of them: a name may be a select of one key and a text of another,
   * and a rule reads each submission's value as its own key defines it.
   */
  private async requireFields(conditions: readonly RuleConditionSpec[]): Promise<void> {
    for (const condition of conditions) {
      const name = customFieldOf(condition.field);
      if (name === null) {
        continue;
      }
      const definitions = await this.customFields.definitionsOf(name);
      const suits = definitions.some(
        (found) => !found.retired && conditionSuits(found.definition, condition.op, condition.value),
      );
      if (!suits) {
        throw new ApiException(HttpStatus.BAD_REQUEST, UNKNOWN_CUSTOM_FIELD);
      }
    }
  }

  /** Every account an action names exists and is not disabled (when the rule is written). */
  private async requireAccounts(actions: RuleActionSpec[]): Promise<void> {
    const named = accountsNamedBy(actions);
    const found = await this.accounts.findByIds(named);
    if (found.filter((account) => account.disabledAt === null).length !== named.length) {
      throw new ApiException(HttpStatus.BAD_REQUEST, UNKNOWN_AGENT);
    }
  }
}

/** What the audit log keeps of a rule: all of it (no personal data), as the API shows it. */
function summaryOf(rule: RuleEntity): Record<string, unknown> {
  return {
    name: rule.name,
    position: rule.position,
    enabled: rule.enabled,
    when: { event: rule.event, conditions: rule.conditions },
    then: rule.actions,
  };
}

async function unlessNameTaken(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    throw isDuplicateKey(error) ? new ApiException(HttpStatus.CONFLICT, RULE_NAME_TAKEN) : error;
  }
}
