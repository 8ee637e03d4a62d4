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
  return {
    table: metadata.tableName,
    columns: metadata.columns.map((column) => column.databaseName),
    valuesOf: (row) => properties.map((property) => row[property]),
  };
}

export interface EntityInserts<T> {
  shape: InsertShape<T>;
  /** Stores `row` with the rows of the same event-loop turn; settles once that statement is committed. */
  insert(row: T): Promise<void>;
}

/** Grouped INSERTs of whole entities into a repository's table (columns from its metadata). */
export function batchedEntityInsert<T extends ObjectLiteral>(repository: Repository<T>): EntityInserts<T> {
  const shape = insertShapeOf<T>(repository.metadata);
  const batch = new BatchedInsert(poolStatement(repository.manager.connection), shape.table, shape.columns);
  return { shape, insert: (row) => batch.insert(shape.valuesOf(row)) };
}

/** Runs one SQL statement with positional parameters (DataSource.query, EntityManager.query). */
export type RunStatement = (sql: string, parameters: unknown[]) => Promise<unknown>;

/** `INSERT INTO table (columns) VALUES (?, ...), ...` for `rows` rows. */
export function insertStatement(table: string, columns: readonly string[], rows = 1): string {
  const row = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array<string>(rows).fill(row).join(', ')}`;
}

interface PendingRow {
  values: unknown[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Inserts rows that arrive during the same turn of the event loop with one multi-row INSERT. Each
 * caller's promise settles when that statement does, so a caller still hears "stored" only after its
 * row is committed (autocommit), and every caller of a failed statement gets its error. Under
 * concurrency many requests share one statement and one socket write; alone, a row goes out on the
 * next turn with no added wait.
 *
 * When the server refuses the statement for its data (SQLSTATE class 22 or 23: a duplicate key, a
 * value that does not fit), the rows are inserted one by one, so only the bad row's caller hears of it.
 * Any other failure (connection lost, server down) is every caller's.
 */
export class BatchedInsert {
  private pending: PendingRow[] = [];
  /** The statement for each row count, built once (at most maxRows of them). */
  private readonly statements = new Map<number, string>();

  /**
   * `maxRows` bounds a statement's size: 100 of the largest submissions (~45 kB each) stay well under
   * MariaDB's default max_allowed_packet of 16 MB.
   */
  constructor(
    private readonly run: RunStatement,
    private readonly table: string,
    private readonly columns: readonly string[],
    private readonly maxRows = 100,
  ) {}

  insert(values: unknown[]): Promise<void> {
    if (values.length !== this.columns.length) {
      throw new Error(`Expected ${this.columns.length} values, got ${values.length}`);
    }
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ values, resolve, reject });
      if (this.pending.length === 1) {
        setImmediate(() => this.flush());
      } else if (this.pending.length >= this.maxRows) {
        this.flush();
      }
    });
  }

  private flush(): void {
    const rows = this.pending.splice(0, this.pending.length);
    if (rows.length === 0) {
      return;
    }
    // A commit conflict (a deadlock, or Galera certification against another node's write) is not a
    // data error: the same statement runs again.
    const statement = this.statementFor(rows.length);
    const values = rows.flatMap((row) => row.values);
    retryOnConflict(() => this.run(statement, values)).then(
      () => rows.forEach((row) => row.resolve()),
      (error: unknown) => {
        if (rows.length > 1 && isDataError(error)) {
          for (const row of rows) {
            void retryOnConflict(() => this.run(this.statementFor(1), row.values)).then(
              () => row.resolve(),
              row.reject,
            );
          }
        } else {
          rows.forEach((row) => row.reject(error));
        }
      },
    );
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
