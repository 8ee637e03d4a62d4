import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';

const LOCK_NAME = 'migrations';
/** A holder that stops renewing (crashed) loses the lock after this long. */
const LEASE_SECONDS = 60;
const RENEW_EVERY_MS = 15_000;
/** How long a process waits for another's migrations (a large ALTER can take minutes). */
const WAIT_MS = 15 * 60_000;
const POLL_MS = 250;

/**
 * Runs pending migrations at start-up under a lease row in `schema_lock`, so processes started together
 * (several ROLE=api and ROLE=worker, on one server or on different nodes of a Galera cluster) apply each
 * migration once instead of racing on DDL. Not GET_LOCK: a named lock is local to one server, and on
 * Galera two nodes both grant it. The row is taken with one conditional INSERT ... ON DUPLICATE KEY
 * UPDATE (only an expired lease changes hands; a certification conflict just means "try again"),
 * renewed while migrations run, and deleted after.
 */
@Injectable()
export class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger(MigrationRunner.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    const holder = randomUUID();
    await this.dataSource.query(
      `CREATE TABLE IF NOT EXISTS schema_lock (
         name VARCHAR(64) NOT NULL PRIMARY KEY,
         holder CHAR(36) NOT NULL,
         expires_at DATETIME(3) NOT NULL
       ) ENGINE=InnoDB`,
    );
    await this.acquire(holder);
    const renewal = setInterval(() => {
      void this.dataSource
        .query(
          `UPDATE schema_lock SET expires_at = NOW(3) + INTERVAL ${LEASE_SECONDS} SECOND WHERE name = ? AND holder = ?`,
          [LOCK_NAME, holder],
        )
        .catch(() => undefined);
    }, RENEW_EVERY_MS);
    try {
      const applied = await this.dataSource.runMigrations({ transaction: 'each' });
      if (applied.length > 0) {
        this.logger.log(`Applied migrations: ${applied.map((migration) => migration.name).join(', ')}`);
      }
    } finally {
      clearInterval(renewal);
      await this.dataSource
        .query('DELETE FROM schema_lock WHERE name = ? AND holder = ?', [LOCK_NAME, holder])
        .catch(() => undefined);
    }
  }

  private async acquire(holder: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      if (await this.tryTake(holder)) {
        return;
      }
      if (Date.now() > deadline) {
        throw new Error(`could not take the migration lock within ${WAIT_MS / 1000} s`);
      }
      await sleep(POLL_MS + Math.random() * POLL_MS);
    }
  }

  /** Takes the lease if it is free or expired; true when this process holds it. */
  private async tryTake(holder: string): Promise<boolean> {
    try {
      // In ON DUPLICATE KEY UPDATE the assignments run left to right: `holder` is decided on the old
      // expires_at, then expires_at is extended only for the new holder.
      await this.dataSource.query(
        `INSERT INTO schema_lock (name, holder, expires_at)
         VALUES (?, ?, NOW(3) + INTERVAL ${LEASE_SECONDS} SECOND)
         ON DUPLICATE KEY UPDATE
           holder = IF(expires_at < NOW(3), VALUES(holder), holder),
           expires_at = IF(holder = VALUES(holder), VALUES(expires_at), expires_at)`,
        [LOCK_NAME, holder],
      );
    } catch (error) {
      // Two nodes writing the row at once: one commit fails certification (1213) or waits out a lock.
      if (isConflict(error)) {
        return false;
      }
      throw error;
    }
    const [row] = await this.dataSource.query<{ holder: string }[]>('SELECT holder FROM schema_lock WHERE name = ?', [
      LOCK_NAME,
    ]);
    return row?.holder === holder;
  }
}

function isConflict(error: unknown): boolean {
  const errno = (error as { driverError?: { errno?: number }; errno?: number }).driverError?.errno;
  return errno === 1213 || errno === 1205;
}
