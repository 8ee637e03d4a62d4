import { Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { SameTurnGroups } from '../database/batched-insert';
import { Transaction, Transactions } from '../database/transactions';
import type { SubmissionEntity } from '../submissions/entities/submission.entity';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { NewSubmissionFact, OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
import { DEFAULT_PRIORITY } from '../submissions/lifecycle/submission-priority';
import { SubmissionTagsRepository } from '../submissions/lifecycle/submission-tags.repository';
import { ActiveRule, RuleCache, ruleMatches } from './rule-cache';
import type { RuleEvent } from './rule-definition';
import type { RuleSubject } from './rule-matcher';
import type { RuleFieldValues } from './rule-field-conditions';
import { RuleActions, Workflow } from './rule-actions';
import { RuleSubjectsRepository } from './rule-subjects.repository';
import { NewSubmission, SubmissionIntakeRepository } from '../submissions/lifecycle/submission-intake.repository';

/** The status only a merge gives: rules leave such a submission alone (issue 42, point 4). */
const MERGED = 'merged';

/**
 * What a new submission holds besides its row, which rules read: the subject of the mail it came from
 * (null for a form) and its custom fields' values.
 */
export interface ArrivalTexts {
  subject: string | null;
  fields?: RuleFieldValues;
}

/** A new submission a rule of `received` matched, with what its conditions read. */
interface Arrival {
  submission: NewSubmission;
  texts: ArrivalTexts;
}

/**
 * At most this many arrivals share a transaction: enough for a burst, few enough that one transaction
 * holds the round robin's turns briefly.
 */
const MAX_ARRIVALS_PER_TRANSACTION = 50;

/**
 * Runs the rules (issue 42, point 1): in `position` order, inside the transaction of the change that
 * triggered them, each matching rule's actions written through the submissions' repositories and
 * recorded as facts with the rule as the actor (audit, webhooks, live events follow as for staff).
 *
 * Loop-safe by construction: a fact whose actor is a rule never triggers a rule, so a rule reacts to a
 * person's (or the intake's, or a customer's) change only, and each rule runs at most once per change.
 * Later rules of the same change see what earlier ones did. What each rule's actions change is
 * RuleActions'.
 */
@Injectable()
export class RuleRunner {
  /** New submissions rules matched, stored a turn of the event loop's worth at a time (storeAtIntake). */
  private readonly arrivals = new SameTurnGroups<Arrival>(
    (arrivals) => this.storeArrivals(arrivals),
    MAX_ARRIVALS_PER_TRANSACTION,
  );

  constructor(
    private readonly cache: RuleCache,
    private readonly subjects: RuleSubjectsRepository,
    private readonly intake: SubmissionIntakeRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly actions: RuleActions,
  ) {}

  /**
   * At intake, in memory (no database round trip): whether a rule of `received` matches the submission
   * about to be stored. Only a rule that matches the submission as it arrives can change it (a later
   * rule sees another change only if an earlier one made it), so none matching means none runs.
   */
  async matchAtIntake(subject: RuleSubject): Promise<boolean> {
    const rules = (await this.cache.current()).received;
    for (const rule of rules) {
      if (ruleMatches(rule, subject)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Stores a new submission that a rule of `received` matched, with what those rules make of it, in one
   * transaction: the row as the rules left it (one INSERT, no UPDATE after it), its labels, the round
   * robin's turn and the rules' facts (their audit events, webhook deliveries) commit together or not
   * at all. Arrivals of the same turn of the event loop share the transaction and its statements (see
   * SameTurnGroups: one refused for its data, as a duplicate Idempotency-Key, is stored on its own).
   * The intake records `received` after the commit.
   */
  async storeAtIntake(submission: NewSubmission, texts: ArrivalTexts): Promise<void> {
    const arrival = { submission, texts };
    // A round robin counts each agent's open submissions in the database, where the arrivals of one
    // transaction are not yet (nor their assignments): so while a rule takes turns, each arrival has a
    // transaction of its own, which also takes the turns' locks in rule order only.
    if ((await this.cache.current()).received.some(takesTurns)) {
      return this.storeArrivals([arrival]);
    }
    return this.arrivals.add(arrival);
  }

  private async storeArrivals(arrivals: readonly Arrival[]): Promise<void> {
    await this.transactions.run(async (tx) => {
      const rules = (await this.cache.current()).received;
      const rows: NewSubmission[] = [];
      const labels: { submissionId: string; tags: string[]; held: number }[] = [];
      const facts: NewSubmissionFact[] = [];
      for (const { submission, texts } of arrivals) {
        const workflow: Workflow = {
          id: submission.id,
          apiKeyId: submission.apiKeyId,
          version: 1,
          status: submission.status,
          assigneeId: null,
          priority: DEFAULT_PRIORITY,
          tags: [],
        };
        // Not stored yet: the rules' changes are made to `workflow` only, and stored with the row.
        facts.push(...(await this.actions.runOn(rules, workflow, subjectOf(submission, workflow, texts), tx, false)));
        rows.push({
          ...submission,
          status: workflow.status,
          workflow: {
            version: workflow.version,
            priority: workflow.priority,
            assigneeId: workflow.assigneeId,
            closedAt: workflow.status === 'closed' ? this.clock.now() : null,
          },
        });
        labels.push({ submissionId: submission.id, tags: workflow.tags, held: 0 });
      }
      await this.intake.insertAll(rows, tx);
      await this.tags.appendAll(labels, tx);
      await this.facts.recordChange(facts, tx);
    });
  }

  /**
   * A person's change of status, or a customer's mail, in its transaction: the rules of that event run
   * once the change's own work is done, just before it commits, so they see every field it set and
   * their facts follow its facts (and come to the before-commit handlers in the next round). Rules' own
   * changes, and automatic mail, trigger nothing.
   */
  @OnSubmissionFact({ phase: 'before commit', facts: ['status_changed', 'message_received'] })
  async follow(facts: SubmissionFact[], tx: Transaction): Promise<void> {
    for (const fact of facts) {
      if (fact.actor.type === 'rule') {
        continue;
      }
      if (fact.name === 'message_received' && fact.data.automatic) {
        continue;
      }
      const event: RuleEvent = fact.name === 'message_received' ? 'message_received' : 'status_changed';
      if ((await this.cache.current())[event].length === 0) {
        continue;
      }
      const messageId = fact.name === 'message_received' ? fact.data.messageId : null;
      const mail = messageId ? await this.subjects.messageText(messageId, tx) : null;
      await this.run(event, fact.submissionId, tx, mail ? { subject: mail.subject, message: mail.body } : {});
    }
  }

  /** The event's rules on one submission, in order, in `tx`. */
  private async run(
    event: RuleEvent,
    submissionId: string,
    tx: Transaction,
    texts: { subject?: string | null; message?: string },
  ): Promise<void> {
    const rules = (await this.cache.current())[event];
    if (rules.length === 0) {
      return;
    }
    const row = await this.subjects.forUpdate(submissionId, tx);
    if (!row || (row.status as string) === MERGED) {
      return;
    }
    const workflow: Workflow = {
      id: row.id,
      apiKeyId: row.apiKeyId,
      version: row.version,
      status: row.status,
      assigneeId: row.assigneeId,
      priority: row.priority,
      tags: await this.tags.of(row.id, tx),
    };
    // A submission's values are read only for rules that name a custom field (and opened only then).
    const fields = rules.some((rule) => rule.readsFields) ? await this.subjects.fieldValues(row, tx) : undefined;
    const facts = await this.actions.runOn(rules, workflow, subjectOf(row, workflow, { ...texts, fields }), tx, true);
    // Recorded once every rule has run, each with the version its rule made: what subscribers write
    // in the transaction is held for the commit only, not for the rules' round trips too.
    await this.facts.recordChange(facts, tx);
  }
}

/** Whether a rule hands out submissions by round robin. */
function takesTurns(rule: ActiveRule): boolean {
  return rule.actions.some((action) => action.action === 'assign_round_robin');
}

/**
 * What conditions read: the row, the mail's subject and text when the event is a mail, and the custom
 * fields' values.
 */
export function subjectOf(
  row: Pick<SubmissionEntity, 'apiKeyId' | 'email' | 'message'>,
  workflow: Pick<Workflow, 'status' | 'priority' | 'tags'>,
  texts: { subject?: string | null; message?: string; fields?: RuleFieldValues },
): RuleSubject {
  return {
    apiKeyId: row.apiKeyId,
    email: row.email,
    subject: texts.subject ?? null,
    message: texts.message ?? row.message,
    tags: workflow.tags,
    priority: workflow.priority,
    status: workflow.status,
    fields: texts.fields,
  };
}
