import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { buildDataSourceOptions } from './data-source-options';
import { MigrationRunner } from './migration-runner';
import { Transactions } from './transactions';

/** The connection, migrations, and Transactions for every room (global: each room's unit of work uses it). */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions(config.db),
        // Migrations run in MigrationRunner, under a lock, before any entry point serves or works.
        migrationsRun: false,
        retryAttempts: 3,
        retryDelay: 1000,
      }),
    }),
  ],
  providers: [MigrationRunner, Transactions],
  exports: [Transactions],
})
export class DatabaseModule {}
