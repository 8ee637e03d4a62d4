import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { providerInstances } from './provider-instances';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { v7 as uuidv7 } from 'uuid';
import { Actor } from '../../audit/actor';
import { AuditRecord, AuditService } from '../../audit/audit.service';
import type { FactAuditAction } from '../../audit/audit-actions';
import { afterCommit, beforeCommit, Transaction } from '../../database/transactions';
import {
  AfterCommitFactHandler,
  AfterCommitWork,
  BeforeCommitFactHandler,
  FACT_HANDLER,
  InTransactionFactHandler,
  SUBMISSION_FACT_NAMES,
  TRANSACTION_FACT_HANDLERS,
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
        action: FactAuditAction;
        change?: (data: unknown) => { before?: Record<string, unknown>; after?: Record<string, unknown> };
      }
    | undefined;
  if (!audit) {
    return null;
  }
  const record = { action: audit.action, target: { type: 'submission', id: fact.submissionId } };
  return { actor: fact.actor, record: { ...record, ...audit.change?.(fact.data) } };
}

/** A class of handlers, as the composition declares it. */
type HandlerClass = abstract new (...args: never[]) => unknown;

/** The handlers of each phase, by fact, in the order they were found. */
export interface FactHandlerTable {
  'in transaction': Map<SubmissionFactName, string[]>;
  'before commit': Map<SubmissionFactName, string[]>;
  'after commit': Map<SubmissionFactName, string[]>;
}

interface Subscribed<Handler> {
  /** `Class.method`, for the handler table. */
  name: string;
  facts: ReadonlySet<SubmissionFactName>;
  run: Handler;
}

/** A transaction's facts not yet given to the before-commit handlers, and whether a round is asked for. */
interface BeforeCommitRound {
  facts: SubmissionFact[];
  scheduled: boolean;
}

/**
 * Records facts about submissions (the catalogue in submission-facts.ts) and runs what subscribes to
 * them: the handlers marked with @OnSubmissionFact, found once at start-up, each in its declared
 * phase. A producer only records (in its transaction) or announces (a fact that writes nothing); it
 * never knows who listens. This and Transactions are the only places that know how a transaction ends.
 */
@Injectable()
export class SubmissionFactRecorder implements OnApplicationBootstrap {
  private readonly logger = new Logger(SubmissionFactRecorder.name);
  private readonly inTransaction = new Map<SubmissionFactName, Subscribed<InTransactionFactHandler>[]>();
  private readonly beforeCommit: Subscribed<BeforeCommitFactHandler>[] = [];
  private readonly afterCommit = new Map<SubmissionFactName, Subscribed<AfterCommitFactHandler>[]>();
  private readonly rounds = new WeakMap<Transaction, BeforeCommitRound>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly audit: AuditService,
    @Optional()
    @Inject(TRANSACTION_FACT_HANDLERS)
    private readonly declared: readonly HandlerClass[] | null,
  ) {}

  /**
   * Finds every handler. The process stops here when a fact marked for webhooks has no webhook handler,
   * or when the handlers inside transactions are not exactly the declared ones (FactHandlersModule):
   * a role that missed one would commit changes without its rows.
   */
  onApplicationBootstrap(): void {
    const found: {
      options: FactHandlerOptions;
      type: HandlerClass;
      name: string;
      run: (...args: unknown[]) => unknown;
    }[] = [];
    for (const provider of providerInstances(this.discovery)) {
      const instance = provider as Record<string, unknown>;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const handler = instance[method] as (...args: unknown[]) => unknown;
        const options = Reflect.getMetadata(FACT_HANDLER, handler) as FactHandlerOptions | undefined;
        if (options) {
          const type = instance.constructor as HandlerClass;
          found.push({ options, type, name: `${type.name}.${method}`, run: handler.bind(instance) });
        }
      }
    }
    const unhandled = factsWithoutWebhookHandler(found.map((handler) => handler.options));
    if (unhandled.length > 0) {
      throw new Error(
        `Submission facts marked for webhooks have no webhook handler: ${unhandled.join(', ')} ` +
          "(a method marked @OnSubmissionFact({ phase: 'before commit', sends: 'webhooks', ... }))",
      );
    }
    const order = this.checkDeclared(found.filter((handler) => handler.options.phase !== 'after commit'));
    // In each phase, the declared order (the same in every role), then the order found.
    const rank = (type: HandlerClass) => (order.has(type) ? order.get(type)! : order.size);
    for (const handler of [...found].sort((a, b) => rank(a.type) - rank(b.type))) {
      this.subscribe(handler.options, handler.name, handler.run);
    }
  }

  /**
   * The declared classes of handlers inside transactions, by their rank: every class found with such
   * a handler must be declared, and every declared one found (none declared: no handler may be found).
   */
  private checkDeclared(found: { type: HandlerClass; name: string }[]): Map<HandlerClass, number> {
    const declared = new Map<HandlerClass, number>((this.declared ?? []).map((type, i) => [type, i]));
    const undeclared = [...new Set(found.filter((handler) => !declared.has(handler.type)).map((h) => h.name))];
    const foundTypes = new Set(found.map((handler) => handler.type));
    const missing = [...declared.keys()].filter((type) => !foundTypes.has(type)).map((type) => type.name);
    const problems = [
      ...undeclared.map((name) => `${name} handles facts inside transactions but is not in FactHandlersModule`),
      ...missing.map((name) => `${name} is in FactHandlersModule but this process has none of its handlers`),
    ];
    if (problems.length > 0) {
      throw new Error(`Submission fact handlers differ from the declared ones: ${problems.join('; ')}`);
    }
    return declared;
  }

  private subscribe(options: FactHandlerOptions, name: string, handler: (...args: unknown[]) => unknown): void {
    const facts = new Set(options.facts);
    if (options.phase === 'before commit') {
      this.beforeCommit.push({ name, facts, run: handler as BeforeCommitFactHandler });
      return;
    }
    const byFact = (options.phase === 'in transaction' ? this.inTransaction : this.afterCommit) as Map<
      SubmissionFactName,
      Subscribed<unknown>[]
    >;
    for (const fact of facts) {
      byFact.set(fact, [...(byFact.get(fact) ?? []), { name, facts, run: handler }]);
    }
  }

  /** Which handler runs for which fact in each phase (the roles' tables are compared by a test). */
  handlerTable(): FactHandlerTable {
    const names = <H>(handlers: Subscribed<H>[] | undefined) => (handlers ?? []).map((h) => h.name);
    const table = (pick: (fact: SubmissionFactName) => string[]) =>
      new Map(SUBMISSION_FACT_NAMES.map((fact) => [fact, pick(fact)] as const).filter(([, h]) => h.length > 0));
    return {
      'in transaction': table((fact) => names(this.inTransaction.get(fact))),
      'before commit': table((fact) => names(this.beforeCommit.filter((h) => h.facts.has(fact)))),
      'after commit': table((fact) => names(this.afterCommit.get(fact))),
    };
  }

  /** Whether recording this fact writes anything (an audit row, or a handler inside the transaction). */
  writes(name: SubmissionFactName): boolean {
    return (
      routeOf(name).audit !== undefined ||
      this.inTransaction.has(name) ||
      this.beforeCommit.some((handler) => handler.facts.has(name))
    );
  }

  /** Records a fact in `tx`, the producer's transaction (see recordChange). */
  async record(fact: NewSubmissionFact, tx: Transaction): Promise<SubmissionFact> {
    return (await this.recordChange([fact], tx))[0];
  }

  /**
   * Announces a fact that writes nothing (no audit row, no handler inside a transaction) about a change
   * already committed on its own, as the intake's grouped INSERT: its after-commit handlers run now.
   * A fact that writes must be recorded in the producer's transaction: announcing it is a bug.
   */
  async announce(fact: NewSubmissionFact): Promise<SubmissionFact> {
    if (this.writes(fact.name)) {
      throw new Error(`The fact ${fact.name} writes: record it in the change's transaction`);
    }
    const announced = { ...fact, id: uuidv7() };
    await this.runAfterCommit(announced);
    return announced;
  }

  /**
   * Records the facts of a change in `tx` (the fields one version changed: a PATCH, a row of a bulk
   * change; or the rules' changes to new submissions stored together): their audit rows in one INSERT,
   * then each fact's in-transaction handlers in turn; the before-commit handlers take them with the
   * transaction's other facts just before it commits, and the after-commit handlers run once it has.
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
        this.followCommit(tx, await handler.run(done, tx));
      }
      this.beforeCommitting(tx, done);
      afterCommit(tx, () => this.runAfterCommit(done));
      recorded.push(done);
    }
    return recorded;
  }

  /** Gives `fact` to the before-commit handlers of `tx`: one round for every fact recorded until it runs. */
  private beforeCommitting(tx: Transaction, fact: SubmissionFact): void {
    if (!this.beforeCommit.some((handler) => handler.facts.has(fact.name))) {
      return;
    }
    let round = this.rounds.get(tx);
    if (!round) {
      round = { facts: [], scheduled: false };
      this.rounds.set(tx, round);
    }
    round.facts.push(fact);
    if (!round.scheduled) {
      round.scheduled = true;
      const open = round;
      beforeCommit(tx, () => this.runBeforeCommit(open, tx));
    }
  }

  /**
   * One round of before-commit handlers, each with the facts it takes, in the order they were found.
   * A fact recorded by one of them (a rule's change) opens the next round, run after this one.
   */
  private async runBeforeCommit(round: BeforeCommitRound, tx: Transaction): Promise<void> {
    const facts = round.facts.splice(0, round.facts.length);
    round.scheduled = false;
    for (const handler of this.beforeCommit) {
      const taken = facts.filter((fact) => handler.facts.has(fact.name));
      if (taken.length > 0) {
        this.followCommit(tx, await handler.run(taken, tx));
      }
    }
  }

  private followCommit(tx: Transaction, work: AfterCommitWork | void): void {
    if (work) {
      afterCommit(tx, work);
    }
  }

  /**
   * Each after-commit handler in turn; one that fails is logged and keeps none of the others from running.
   * Only a handler that returns a promise is waited for: the intake's four (outbox, SLA checks, live
   * event, counts) return nothing, and an await each was four turns of the microtask queue per submission.
   */
  private async runAfterCommit(fact: SubmissionFact): Promise<void> {
    for (const handler of this.afterCommit.get(fact.name) ?? []) {
      try {
        const running = handler.run(fact);
        if (running) {
          await running;
        }
      } catch (error) {
        this.logger.warn(`After ${fact.name} of ${fact.submissionId}: ${(error as Error).message}`);
      }
    }
  }
}
