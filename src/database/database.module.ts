import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { buildDataSourceOptions } from './data-source-options';
import { MigrationRunner } from './migration-runner';

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
  providers: [MigrationRunner],
})
export class DatabaseModule {}
