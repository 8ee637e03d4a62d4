import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';

export const CHARSET = 'utf8mb4';
export const COLLATION = 'utf8mb4_unicode_ci';

export interface DatabaseSettings {
  url: string;
  poolSize: number;
  connectTimeoutMs: number;
}

/**
 * One definition of the connection, shared by the app (TypeOrmModule), the migration CLI (ormconfig.ts)
 * and the tests. utf8mb4_unicode_ci exists on MySQL 8 and MariaDB alike, so every table and the
 * connection use it and joins never meet mixed collations.
 */
export function buildDataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  return {
    // TypeORM reads MariaDB's catalogue (its column defaults, say) right only as type `mariadb`: a
    // mariadb:// URL selects it. The wire protocol and driver (mysql2) are the same.
    type: new URL(settings.url).protocol === 'mariadb:' ? 'mariadb' : 'mysql',
    url: settings.url,
    charset: COLLATION,
    timezone: 'Z',
    // Found by file name where Nest loads them (src/ under ts-node and jest, dist/ when built), so this
    // file imports no room: every room's `*.entity.ts` and every migration here.
    entities: [join(__dirname, '..', '**', '*.entity.{ts,js}')],
    migrations: [join(__dirname, 'migrations', '*.{ts,js}')],
    migrationsTableName: 'migrations',
    synchronize: false,
    poolSize: settings.poolSize,
    connectTimeout: settings.connectTimeoutMs,
    extra: {
      // A request must not wait forever for a connection while the database is away.
      queueLimit: 200,
      enableKeepAlive: true,
      keepAliveInitialDelay: 10_000,
      maxIdle: settings.poolSize,
      idleTimeout: 60_000,
      // mysql2 otherwise builds an Error (a stack trace) for every query in case it fails: about 3 % of
      // a submission's CPU. A failed query's error still says what failed; only the caller's frames go.
      trace: false,
    },
  };
}
