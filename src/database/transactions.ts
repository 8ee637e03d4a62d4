import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { retryOnConflict } from './commit-conflict';

/** A transaction's entity manager, passed to each repository call that must be part of it. */
export type Transaction = EntityManager;

/**
 * Units of work that commit together or not at all (a staff change: its row, its audit event and its
 * webhook deliveries). Repositories take the transaction as an optional last argument; the work runs
 * again, from the start, after a commit conflict (see retryOnConflict), so it must decide from what
 * it reads inside.
 */
@Injectable()
export class Transactions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return retryOnConflict(() => this.dataSource.transaction(work));
  }
}
