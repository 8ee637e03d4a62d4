import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../audit/actor';
import { AuditRecord, AuditService } from '../audit/audit.service';
import { afterCommit, Transaction, Transactions } from '../database/transactions';
import {
  FACT_HANDLER,
  FactHandlerOptions,
  factsWithoutWebhookHandler,
  NewSubmissionFact,
  routeOf,
  SubmissionFact,
  SubmissionFactName,
} from './submission-facts';

/** The audit event a fact is recorded as, if the catalogue gives it one. */
function auditOf(fact: NewSubmissionFact): { actor: Actor; record: AuditRecord } | null {
  const audit = routeOf(fact.name).audit as
    | {
        action: string;
        change?: (data: unknown) => { before?: Record<string, unknown>; after?: Record<string, unknown> };
      }
    | undefined;
  if (!audit) {
    return null;
  }
  const record = { action: audit.action, target: { type: 'submission', id: fact.submissionId } };
  return { actor: fact.actor, record: { ...record, ...audit.change?.(fact.data) } };
}

type InTransactionHandler = (fact: SubmissionFact, tx: Transaction) => Promise<void>;
type AfterCommitHandler = (fact: SubmissionFact) => Promise<void> | void;

/**
 * Records facts about submissions (the catalogue in submission-facts.ts) and runs what subscribes to
 * them: the handlers marked with @OnSubmissionFact, found once at start-up. A producer only records;
 * it never knows who listens.
 */
@Injectable()
export class SubmissionFactRecorder implements OnApplicationBootstrap {
  private readonly logger = new Logger(SubmissionFactRecorder.name);
  private readonly inTransaction = new Map<SubmissionFactName, InTransactionHandler[]>();
  private readonly afterCommit = new Map<SubmissionFactName, AfterCommitHandler[]>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  /** Finds every handler; a webhook fact without a webhook handler stops the process here. */
  onApplicationBootstrap(): void {
    const found: FactHandlerOptions[] = [];
    // One instance per class: a provider listed by two modules must not handle each fact twice.
    const seen = new Set<unknown>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (
        !instance ||
        typeof instance !== 'object' ||
        seen.has(instance.constructor) ||
        !wrapper.isDependencyTreeStatic()
      ) {
        continue;
      }
      seen.add(instance.constructor);
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const handler = instance[method] as (...args: unknown[]) => unknown;
        const options = Reflect.getMetadata(FACT_HANDLER, handler) as FactHandlerOptions | undefined;
        if (options) {
          found.push(options);
          this.subscribe(options, handler.bind(instance));
        }
      }
    }
    const unhandled = factsWithoutWebhookHandler(found);
    if (unhandled.length > 0) {
      throw new Error(
        `Submission facts marked for webhooks have no webhook handler: ${unhandled.join(', ')} ` +
          "(a method marked @OnSubmissionFact({ phase: 'in transaction', sends: 'webhooks', ... }))",
      );
    }
  }

  private subscribe(options: FactHandlerOptions, handler: (...args: unknown[]) => unknown): void {
    for (const fact of options.facts) {
      if (options.phase === 'in transaction') {
        this.inTransaction.set(fact, [...(this.inTransaction.get(fact) ?? []), handler as InTransactionHandler]);
      } else {
        this.afterCommit.set(fact, [...(this.afterCommit.get(fact) ?? []), handler as AfterCommitHandler]);
      }
    }
  }

  /**
   * Records a fact. In `tx` (the change's transaction): its audit row and the in-transaction handlers'
   * writes commit with the change, and the after-commit handlers run once it has. Without `tx` (a
   * change already committed on its own, as the intake's single INSERT), a fact that writes anything
   * gets a transaction of its own; one that writes nothing runs its after-commit handlers now.
   */
  async record(fact: NewSubmissionFact, tx?: Transaction): Promise<SubmissionFact> {
    const route = routeOf(fact.name);
    if (!tx) {
      if (route.audit || this.inTransaction.has(fact.name)) {
        return this.transactions.run((own) => this.record(fact, own));
      }
      const recorded = { ...fact, id: uuidv7() };
      await this.runAfterCommit(recorded);
      return recorded;
    }
    return (await this.recordChange([fact], tx))[0];
  }

  /**
   * Records the facts of a change in `tx` (the fields one version changed: a PATCH, a row of a bulk
   * change; or the rules' changes to new submissions stored together): their audit rows in one INSERT,
   * then each fact's in-transaction handlers in turn; the after-commit handlers run once `tx` has
   * committed.
   */
  async recordChange(facts: readonly NewSubmissionFact[], tx: Transaction): Promise<SubmissionFact[]> {
    const audits = facts.map(auditOf);
    const events = await this.audit.recordAll(
      audits.filter((audit) => audit !== null),
      tx,
    );
    const recorded: SubmissionFact[] = [];
    for (const [i, fact] of facts.entries()) {
      // An audited fact's id is its audit event's.
      const done = { ...fact, id: audits[i] ? events.shift()!.id : uuidv7() };
      for (const handler of this.inTransaction.get(fact.name) ?? []) {
        await handler(done, tx);
      }
      afterCommit(tx, () => this.runAfterCommit(done));
      recorded.push(done);
    }
    return recorded;
  }

  /** Each after-commit handler in turn; one that fails is logged and keeps none of the others from running. */
  private async runAfterCommit(fact: SubmissionFact): Promise<void> {
    for (const handler of this.afterCommit.get(fact.name) ?? []) {
      try {
        await handler(fact);
      } catch (error) {
        this.logger.warn(`After ${fact.name} of ${fact.submissionId}: ${(error as Error).message}`);
      }
    }
  }
}
