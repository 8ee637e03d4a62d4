import { Transform } from 'class-transformer';
import { IsInt, IsPositive, IsUrl, Min } from 'class-validator';
import { declareSettings, Setting, toInt } from '../config/settings';

/** The settings of database/: each one's rules, default and description. */
export class DatabaseSettings {
  @Setting({
    description:
      "MySQL (`mysql://`) or MariaDB (`mariadb://` lets TypeORM's migration tooling read MariaDB right; `mysql://` works too); the database is created if missing",
    readBy: 'every process, CLI',
    secret: false,
  })
  @IsUrl({ protocols: ['mysql', 'mariadb'], require_tld: false, require_protocol: true })
  DATABASE_URL = 'mysql://root@127.0.0.1:3306/contact_intake';

  @Setting({ description: 'connections per process; at least 2', readBy: 'every process', secret: false })
  @Transform(toInt)
  @IsInt()
  @Min(2)
  DB_POOL_SIZE = 10;

  @Setting({ description: 'milliseconds', readBy: 'every process, CLI', secret: false })
  @Transform(toInt)
  @IsInt()
  @IsPositive()
  DB_CONNECT_TIMEOUT = 5000;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends DatabaseSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    readonly db: { url: string; poolSize: number; connectTimeoutMs: number };
  }
}

export const databaseSettings = declareSettings({
  room: 'database',
  variables: DatabaseSettings,
  config: (env) => ({
    db: { url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE, connectTimeoutMs: env.DB_CONNECT_TIMEOUT },
  }),
});
