import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { buildDataSourceOptions } from './data-source-options';
import { FieldCipher } from './field-cipher';
import { MigrationRunner } from './migration-runner';
import { SealedColumnsSubscriber } from './sealed-columns.subscriber';
import { Transactions } from './transactions';

/**
 * The connection, migrations, Transactions and the FieldCipher for every room (global: each room's unit of
 * work uses it, and every room that seals a column, so no room lends the cipher to another: issue 54, point 5).
 */
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
  providers: [MigrationRunner, Transactions, FieldCipher, SealedColumnsSubscriber],
  exports: [Transactions, FieldCipher],
})
export class DatabaseModule {}
