import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const LOCK_NAME = 'contact_intake_migrations';
const LOCK_WAIT_SECONDS = 60;

/**
 * Runs pending migrations at start-up under a MySQL named lock, so processes started together (several
 * ROLE=api and ROLE=worker behind one database) apply each migration once instead of racing on DDL.
 */
@Injectable()
export class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger(MigrationRunner.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    const queryRunner = this.dataSource.createQueryRunner();
    try {
      const [{ acquired }] = (await queryRunner.query('SELECT GET_LOCK(?, ?) AS acquired', [
        LOCK_NAME,
        LOCK_WAIT_SECONDS,
      ])) as [{ acquired: number | null }];
      if (acquired !== 1) {
        throw new Error(`could not take the migration lock within ${LOCK_WAIT_SECONDS} s`);
      }
      const applied = await this.dataSource.runMigrations({ transaction: 'each' });
      if (applied.length > 0) {
        this.logger.log(`Applied migrations: ${applied.map((migration) => migration.name).join(', ')}`);
      }
    } finally {
      await queryRunner.query('SELECT RELEASE_LOCK(?)', [LOCK_NAME]).catch(() => undefined);
      await queryRunner.release();
    }
  }
}
