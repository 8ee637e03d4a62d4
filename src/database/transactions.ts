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
      this.dataSource.transaction((tx) => {
        // A fresh list per attempt: work queued by an attempt that rolled back never runs.
        committed = [];
        AFTER_COMMIT.set(tx, committed);
        return work(tx);
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
