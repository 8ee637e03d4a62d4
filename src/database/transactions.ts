import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { retryOnConflict } from './commit-conflict';

/** A transaction's entity manager, passed to each repository call that must be part of it. */
export type Transaction = EntityManager;

/** What runs once a transaction has committed: it may fail, but never undoes the commit. */
export type AfterCommitWork = () => Promise<void> | void;

/** The after-commit work of each open transaction (by its manager; an attempt that fails drops its own). */
const AFTER_COMMIT = new WeakMap<Transaction, AfterCommitWork[]>();

/**
 * Runs `work` once `tx` has committed, in the order it was asked for, and never if it rolls back
 * (queueing the jobs of rows written in `tx`, publishing a live event). A failure is logged, not
 * thrown: the change stands, and what the work would have done is committed for a reconciler to find.
 */
export function afterCommit(tx: Transaction, work: AfterCommitWork): void {
  const queued = AFTER_COMMIT.get(tx);
  if (!queued) {
    throw new Error('afterCommit needs a transaction opened by Transactions.run');
  }
  queued.push(work);
}

/** The work to run at the end of each open transaction, before it commits (see beforeCommit). */
const BEFORE_COMMIT = new WeakMap<Transaction, AfterCommitWork[]>();

/**
 * Runs `work` in `tx` once the transaction's own work is done, just before it commits: what follows
 * a change as a whole (rules, which must see every field a change set and come after its facts).
 * Work asked for meanwhile runs too, in order; a failure rolls the transaction back like any other.
 */
export function beforeCommit(tx: Transaction, work: AfterCommitWork): void {
  const queued = BEFORE_COMMIT.get(tx);
  if (!queued) {
    throw new Error('beforeCommit needs a transaction opened by Transactions.run');
  }
  queued.push(work);
}

/**
 * What a transaction's facts have in common, written once just before it commits. A bulk change
 * records a fact per changed field of up to 50 rows in one transaction, and what subscribers write for
 * each (an audit row, a webhook delivery, a report day's mark) was a round trip per fact: 12-20 per
 * row, most of what a bulk change of 500 cost (docs/performance.md). Gathered here, each kind is one
 * statement per transaction, still inside it (so it commits with the change or not at all, and a
 * failure rolls the change back). One batch per kind, a provider's field; `write` gets the items of
 * one transaction in the order they were added. An item added once its batch has been written (a
 * rule's fact, recorded before commit) opens another batch of that transaction, written after.
 */
export class BeforeCommitBatch<T> {
  private readonly open = new WeakMap<Transaction, T[]>();

  constructor(private readonly write: (items: T[], tx: Transaction) => Promise<void>) {}

  add(tx: Transaction, item: T): void {
    let items = this.open.get(tx);
    if (!items) {
      const gathered: T[] = [];
      items = gathered;
      this.open.set(tx, gathered);
      beforeCommit(tx, () => {
        this.open.delete(tx);
        return this.write(gathered, tx);
      });
    }
    items.push(item);
  }
}

/**
 * Units of work that commit together or not at all (a staff change: its row, its audit event and its
 * webhook deliveries). Repositories take the transaction as an optional last argument; the work runs
 * again, from the start, after a commit conflict (see retryOnConflict), so it must decide from what
 * it reads inside. What must follow the commit is asked for with afterCommit(tx, ...), and has run
 * when `run` resolves.
 */
@Injectable()
export class Transactions {
  private readonly logger = new Logger(Transactions.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let committed: AfterCommitWork[] = [];
    const result = await retryOnConflict(() =>
      this.dataSource.transaction(async (tx) => {
        // A fresh list per attempt: work queued by an attempt that rolled back never runs.
        committed = [];
        AFTER_COMMIT.set(tx, committed);
        const last: AfterCommitWork[] = [];
        BEFORE_COMMIT.set(tx, last);
        const result = await work(tx);
        for (let next = last.shift(); next; next = last.shift()) {
          await next();
        }
        return result;
      }),
    );
    for (const next of committed) {
      try {
        await next();
      } catch (error) {
        this.logger.warn(`After a commit: ${(error as Error).message}`);
      }
    }
    return result;
  }
}
