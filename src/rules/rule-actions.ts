import { Injectable } from '@nestjs/common';
import { ruleActor } from '../audit/actor';
import { Clock } from '../clock/clock';
import { Transaction } from '../database/transactions';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { NewSubmissionFact } from '../submissions/facts/submission-facts';
import { workflowChangeFacts } from '../submissions/facts/workflow-change-facts';
import { Priority } from '../submissions/lifecycle/submission-priority';
import type { WorkflowStatus } from '../submissions/lifecycle/submission-state';
import { MAX_TAGS, tagKey } from '../submissions/lifecycle/submission-tags';
import { SubmissionTagsRepository } from '../submissions/lifecycle/submission-tags.repository';
import { SubmissionWorkflowRepository, WorkflowChanges } from '../submissions/lifecycle/submission-workflow.repository';
import { RoundRobin } from './round-robin';
import { ActiveRule, ruleMatches } from './rule-cache';
import type { RoundRobinValue } from './rule-definition';
import type { RuleSubject } from './rule-matcher';
import { RuleTurnsRepository } from './rule-turns.repository';

/** What a rule's change reads and writes of the submission, kept up to date from rule to rule. */
export interface Workflow {
  id: string;
  apiKeyId: string;
  version: number;
  status: WorkflowStatus;
  assigneeId: string | null;
  priority: Priority;
  tags: string[];
}

/** One rule's change to a submission: the fields it moves, its labels after it (null: unchanged), its facts. */
interface RuleChange {
  next: WorkflowChanges;
  tags: string[] | null;
  facts: NewSubmissionFact[];
}

/**
 * What matching rules do to a submission (RuleRunner finds them and records their facts): each rule's
 * actions as one new version, its assignee checked or taken by round robin, its labels added, written
 * to a stored submission's locked row or kept for a new one's INSERT.
 */
@Injectable()
export class RuleActions {
  constructor(
    private readonly workflow: SubmissionWorkflowRepository,
    private readonly tags: SubmissionTagsRepository,
    private readonly turns: RuleTurnsRepository,
    private readonly roundRobin: RoundRobin,
    private readonly facts: SubmissionFactRecorder,
    private readonly clock: Clock,
  ) {}

  /**
   * `rules` in order on a submission as `workflow` holds it, in `tx`; answers their facts. A `stored`
   * submission (its row locked by `tx`) has each rule's change written as it is made; a new one keeps
   * them in `workflow`, for its INSERT.
   */
  async runOn(
    rules: readonly ActiveRule[],
    workflow: Workflow,
    subject: RuleSubject,
    tx: Transaction,
    stored: boolean,
  ): Promise<NewSubmissionFact[]> {
    const facts: NewSubmissionFact[] = [];
    for (const rule of rules) {
      if (!ruleMatches(rule, subject)) {
        continue;
      }
      const change = await this.changeOf(rule, workflow, tx);
      if (change) {
        if (stored) {
          await this.write(rule, workflow, change, tx);
        }
        Object.assign(workflow, {
          version: workflow.version + 1,
          status: change.next.status ?? workflow.status,
          priority: change.next.priority ?? workflow.priority,
          assigneeId: change.next.assigneeId === undefined ? workflow.assigneeId : change.next.assigneeId,
          tags: change.tags ?? workflow.tags,
        });
        facts.push(...change.facts);
        Object.assign(subject, { status: workflow.status, priority: workflow.priority, tags: workflow.tags });
      }
    }
    return facts;
  }

  /** One rule's actions on `workflow`: one new version of the submission, or null when they change nothing. */
  private async changeOf(rule: ActiveRule, workflow: Workflow, tx: Transaction): Promise<RuleChange | null> {
    let status = workflow.status;
    let priority = workflow.priority;
    let assigneeId = workflow.assigneeId;
    let tags = workflow.tags;
    for (const action of rule.actions) {
      switch (action.action) {
        case 'assign': {
          const id = action.value as string | null;
          if (id === null || (await this.isActive(id, tx))) {
            assigneeId = id;
          }
          break;
        }
        case 'assign_round_robin':
          // Round robin hands out unassigned submissions; one already assigned keeps its assignee.
          if (assigneeId === null) {
            assigneeId = await this.takeTurn(rule, action.value as RoundRobinValue, workflow, tx);
          }
          break;
        case 'add_tag': {
          const tag = action.value as string;
          // A submission holds at most MAX_TAGS labels: one more is not added.
          if (tags.length < MAX_TAGS && !tags.some((held) => tagKey(held) === tagKey(tag))) {
            tags = [...tags, tag];
          }
          break;
        }
        case 'set_priority':
          priority = action.value as Priority;
          break;
        case 'set_status':
          status = action.value as WorkflowStatus;
          break;
      }
    }
    const next: WorkflowChanges = {};
    if (status !== workflow.status) {
      next.status = status;
      // As a person's change: closing stamps closed_at, any other move clears it.
      next.closedAt = status === 'closed' ? this.clock.now() : null;
    }
    if (priority !== workflow.priority) {
      next.priority = priority;
    }
    if (assigneeId !== workflow.assigneeId) {
      next.assigneeId = assigneeId;
    }
    const tagsChanged = tags !== workflow.tags;
    if (Object.keys(next).length === 0 && !tagsChanged) {
      return null;
    }
    const facts = workflowChangeFacts(
      workflow,
      next,
      tagsChanged ? { before: workflow.tags, after: tags } : null,
      ruleActor(rule.id),
    );
    return { next, tags: tagsChanged ? tags : null, facts };
  }

  /** A rule's change to a stored submission (its row locked by `tx`): its UPDATE and its new labels. */
  private async write(rule: ActiveRule, workflow: Workflow, change: RuleChange, tx: Transaction): Promise<void> {
    // The row is locked by this transaction (read FOR UPDATE), so its version cannot have moved.
    if (!(await this.workflow.updateWorkflow(workflow.id, workflow.version, change.next, tx))) {
      throw new Error(`Submission ${workflow.id} changed under rule ${rule.id}`);
    }
    if (change.tags) {
      // Rules only add labels: appended, never replaced (see append).
      await this.tags.append(workflow.id, change.tags.slice(workflow.tags.length), workflow.tags.length, tx);
    }
  }

  /** Whether an account `assign` names can take work now (it exists and is not disabled). */
  private async isActive(id: string, tx: Transaction): Promise<boolean> {
    const [account] = await this.turns.standingOf([id], tx);
    return account !== undefined && !account.disabled;
  }

  /**
   * The round robin's next agent, or null when every agent is away, disabled or at capacity: the
   * submission stays unassigned and its fact `not_assigned` says why (each agent's reason, audited).
   */
  private async takeTurn(
    rule: ActiveRule,
    value: RoundRobinValue,
    workflow: { id: string; apiKeyId: string },
    tx: Transaction,
  ): Promise<string | null> {
    const turn = await this.roundRobin.take(rule.id, value, tx);
    if (turn.agentId === null) {
      await this.facts.record(
        {
          name: 'not_assigned',
          submissionId: workflow.id,
          apiKeyId: workflow.apiKeyId,
          actor: ruleActor(rule.id),
          data: { agents: turn.passedOver },
        },
        tx,
      );
    }
    return turn.agentId;
  }
}
