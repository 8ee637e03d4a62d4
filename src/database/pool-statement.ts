import { DataSource, QueryFailedError } from 'typeorm';
import type { MysqlDriver } from 'typeorm/driver/mysql/MysqlDriver';
import type { RunStatement } from './batched-insert';

interface CallbackPool {
  query(sql: string, values: unknown[], callback: (error: Error | null, result?: unknown) => void): void;
}

/**
 * Runs a statement on the data source's own mysql2 pool, past TypeORM's QueryRunner: for the
 * statements every request makes (the grouped INSERTs), TypeORM's per-query runner, logger calls,
 * subscriber broadcasts and mysql2's promise wrapper cost as much CPU as building the statement. A
 * failure is wrapped in QueryFailedError as TypeORM would, so callers and the error filter see the
 * same error either way. Only for statements no entity subscriber needs to see.
 */
export function poolStatement(dataSource: DataSource): RunStatement {
  return (sql, parameters) => {
    const pool = (dataSource.driver as MysqlDriver).pool as CallbackPool | undefined;
    if (!pool) {
      // Not connected (or a replicated setup with no single pool): TypeORM's path, and its error.
      return dataSource.query(sql, parameters);
    }
    return new Promise((resolve, reject) =>
      pool.query(sql, parameters, (error, result) =>
        error ? reject(new QueryFailedError(sql, parameters, error)) : resolve(result),
      ),
    );
  };
}
