import { retryOnConflict } from './commit-conflict';
import type { EntityMetadata, ObjectLiteral, Repository } from 'typeorm';
import { poolStatement } from './pool-statement';

/** The columns of an entity's table, in declaration order, and a row's values in that order. */
export interface InsertShape<T> {
  table: string;
  columns: string[];
  valuesOf(row: T): unknown[];
}

/**
 * An entity's INSERT shape from TypeORM's metadata, so hand-written INSERTs never restate column
 * names (and cannot drift from the entity).
 */
export function insertShapeOf<T>(metadata: EntityMetadata): InsertShape<T> {
  const properties = metadata.columns.map((column) => column.propertyName as keyof T);
  // A simple-json column is stored as its JSON text (TypeORM's own INSERT does the same).
  const json = metadata.columns.map((column) => column.type === 'simple-json');
  return {
    table: metadata.tableName,
    columns: metadata.columns.map((column) => column.databaseName),
    valuesOf: (row) =>
      properties.map((property, i) => {
        const value = row[property];
        return json[i] && value !== null && value !== undefined ? JSON.stringify(value) : value;
      }),
  };
}

export interface EntityInserts<T> {
  shape: InsertShape<T>;
  /** Stores `row` with the rows of the same event-loop turn; settles once that statement is committed. */
  insert(row: T): Promise<void>;
  /** Stores `rows` with one INSERT through `run` (a transaction's query), none for an empty list. */
  insertAll(rows: readonly T[], run: RunStatement): Promise<void>;
}

/** Grouped INSERTs of whole entities into a repository's table (columns from its metadata). */
export function batchedEntityInsert<T extends ObjectLiteral>(repository: Repository<T>): EntityInserts<T> {
  const shape = insertShapeOf<T>(repository.metadata);
  const batch = new BatchedInsert(poolStatement(repository.manager.connection), shape.table, shape.columns);
  return {
    shape,
    insert: (row) => batch.insert(shape.valuesOf(row)),
    insertAll: async (rows, run) => {
      if (rows.length > 0) {
        await run(
          insertStatement(shape.table, shape.columns, rows.length),
          rows.flatMap((row) => shape.valuesOf(row)),
        );
      }
    },
  };
}

/** Runs one SQL statement with positional parameters (DataSource.query, EntityManager.query). */
export type RunStatement = (sql: string, parameters: unknown[]) => Promise<unknown>;

/**
 * `INSERT INTO table (columns) VALUES (?, ...), ...` for `rows` rows, the columns' names quoted (`before`
 * and `after` of the audit are reserved words).
 */
export function insertStatement(table: string, columns: readonly string[], rows = 1): string {
  const row = `(${columns.map(() => '?').join(', ')})`;
  const names = columns.map((column) => `\`${column}\``).join(', ');
  return `INSERT INTO ${table} (${names}) VALUES ${Array<string>(rows).fill(row).join(', ')}`;
}

interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Groups what arrives during the same turn of the event loop and stores each group with one call of
 * `store`. Each caller's promise settles when its group's call does, so a caller still hears "stored"
 * only after its item is committed, and every caller of a failed call gets its error. Under
 * concurrency many requests share one statement (or transaction) and one socket write; alone, an item
 * goes out on the next turn with no added wait.
 *
 * When the server refuses a group for its data (SQLSTATE class 22 or 23: a duplicate key, a value
 * that does not fit), its items are stored one by one, so only the bad item's caller hears of it. Any
 * other failure (connection lost, server down) is every caller's.
 */
export class SameTurnGroups<T> {
  private pending: Pending<T>[] = [];

  constructor(
    private readonly store: (items: T[]) => Promise<unknown>,
    private readonly maxItems: number,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length === 1) {
        setImmediate(() => this.flush());
      } else if (this.pending.length >= this.maxItems) {
        this.flush();
      }
    });
  }

  private flush(): void {
    const group = this.pending.splice(0, this.pending.length);
    if (group.length === 0) {
      return;
    }
    this.store(group.map((entry) => entry.item)).then(
      () => group.forEach((entry) => entry.resolve()),
      (error: unknown) => {
        if (group.length > 1 && isDataError(error)) {
          for (const entry of group) {
            void this.store([entry.item]).then(() => entry.resolve(), entry.reject);
          }
        } else {
          group.forEach((entry) => entry.reject(error));
        }
      },
    );
  }
}

/**
 * Inserts rows that arrive during the same turn of the event loop with one multi-row INSERT
 * (autocommit; see SameTurnGroups for when callers settle and what a refused row does).
 */
export class BatchedInsert {
  private readonly groups: SameTurnGroups<unknown[]>;
  /** The statement for each row count, built once (at most maxRows of them). */
  private readonly statements = new Map<number, string>();

  /**
   * `maxRows` bounds a statement's size: 100 of the largest submissions (~45 kB each) stay well under
   * MariaDB's default max_allowed_packet of 16 MB.
   */
  constructor(
    run: RunStatement,
    private readonly table: string,
    private readonly columns: readonly string[],
    maxRows = 100,
  ) {
    // A commit conflict (a deadlock, or Galera certification against another node's write) is not a
    // data error: the same statement runs again.
    this.groups = new SameTurnGroups(
      (rows) => retryOnConflict(() => run(this.statementFor(rows.length), rows.flat())),
      maxRows,
    );
  }

  insert(values: unknown[]): Promise<void> {
    if (values.length !== this.columns.length) {
      throw new Error(`Expected ${this.columns.length} values, got ${values.length}`);
    }
    return this.groups.add(values);
  }

  private statementFor(rows: number): string {
    let statement = this.statements.get(rows);
    if (statement === undefined) {
      statement = insertStatement(this.table, this.columns, rows);
      this.statements.set(rows, statement);
    }
    return statement;
  }
}

/** SQLSTATE 22xxx (data exception) or 23xxx (integrity constraint violation), as mysql2 reports it. */
function isDataError(error: unknown): boolean {
  const driverError = (error as { driverError?: { sqlState?: unknown } } | null)?.driverError ?? error;
  const sqlState = (driverError as { sqlState?: unknown } | null)?.sqlState;
  return typeof sqlState === 'string' && /^2[23]/.test(sqlState);
}
