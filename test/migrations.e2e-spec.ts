import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { StaffEmailsExact1795893188588 } from '../src/database/migrations/1795893188588-StaffEmailsExact';
import { normalizeStaffEmail } from '../src/staff-accounts/staff-email';
import { ownDatabase } from './support/own-database';
import { freePort, startService, StartedProcess } from './support/processes';
import { createRoomContext } from './support/room-context';
import { uniquePrefix } from './support/test-app';

/** A plain connection to `url` for reading what the processes did. */
async function connect(url: string): Promise<DataSource> {
  return new DataSource(buildDataSourceOptions({ url, poolSize: 2, connectTimeoutMs: 5000 })).initialize();
}

describe('migrations at start-up', () => {
  it('apply once when three processes start together on an empty database, and leave the lock free', async () => {
    const database = await ownDatabase();
    const prefix = uniquePrefix();
    const services: StartedProcess[] = [];
    try {
      const ports = [await freePort(), await freePort(), await freePort()];
      services.push(
        ...(await Promise.all(
          ports.map((port) =>
            startService({
              DATABASE_URL: database.url,
              ROLE: 'api',
              PORT: String(port),
              HOST: '127.0.0.1',
              REDIS_PREFIX: prefix,
            }),
          ),
        )),
      );
      const applied = services.map((service) => /Applied migrations/.test(service.output()));
      expect(applied.filter(Boolean)).toHaveLength(1);
      const db = await connect(database.url);
      try {
        const names = await db.query<{ name: string }[]>('SELECT name FROM migrations');
        expect(names.length).toBe(db.migrations.length);
        expect(new Set(names.map((row) => row.name)).size).toBe(names.length);
        expect(await db.query('SELECT * FROM schema_lock')).toEqual([]);
      } finally {
        await db.destroy();
      }
    } finally {
      for (const service of services) {
        expect(await service.stop()).toBe(0);
      }
      await database.drop();
    }
  });

  it('wait for a live holder and take over the lease of one that died', async () => {
    const database = await ownDatabase();
    const db = await connect(database.url);
    try {
      await db.query(
        'CREATE TABLE schema_lock (name VARCHAR(64) NOT NULL PRIMARY KEY, holder CHAR(36) NOT NULL, expires_at DATETIME(3) NOT NULL)',
      );
      // Held by a process that is still (for 2 s) within its lease: start waits for it.
      await db.query(
        "INSERT INTO schema_lock VALUES ('migrations', 'someone-else-holding-the-lock-000000', NOW(3) + INTERVAL 2 SECOND)",
      );
      const started = Date.now();
      // A start's migration step: the database module's MigrationRunner, as in every process (no rooms).
      const first = await createRoomContext([], { DATABASE_URL: database.url });
      const firstStartMs = Date.now() - started;
      expect(firstStartMs).toBeGreaterThanOrEqual(1500);
      await first.close();
      // A holder that crashed long ago: its expired lease is taken at once.
      await db.query(
        "INSERT INTO schema_lock VALUES ('migrations', 'crashed-holder-000000000000000000000', NOW(3) - INTERVAL 1 HOUR)",
      );
      const again = Date.now();
      const second = await createRoomContext([], { DATABASE_URL: database.url });
      // Taken at once: a start without the first one's wait for a live lease (a fixed bound in ms
      // failed on a busy two-core machine, where a start alone took 1.8 s).
      expect(Date.now() - again).toBeLessThan(firstStartMs);
      await second.close();
      expect(await db.query('SELECT * FROM schema_lock')).toEqual([]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe('staff addresses compared exactly (migration StaffEmailsExact)', () => {
  const migration = new StaffEmailsExact1795893188588();
  let database: { url: string; drop: () => Promise<void> };
  let db: DataSource;
  beforeAll(async () => {
    database = await ownDatabase();
    db = await connect(database.url);
    await db.runMigrations();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
  const insert = (n: number, email: string) =>
    db.query(
      `INSERT INTO staff_accounts (id, email, name, role, password_hash, created_at, password_changed_at)
        VALUES (?, ?, 'Someone', 'agent', 'not a hash', NOW(3), NOW(3))`,
      [id(n), email],
    );
  const emails = async () =>
    (await db.query<{ id: string; email: string }[]>('SELECT id, email FROM staff_accounts ORDER BY id')).map((row) => [
      row.id,
      row.email,
    ]);
  const collation = async () =>
    (
      await db.query<{ name: string }[]>(
        `SELECT COLLATION_NAME AS name FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'staff_accounts' AND COLUMN_NAME = 'email'`,
      )
    )[0].name;
  async function run(step: 'up' | 'down'): Promise<void> {
    const runner = db.createQueryRunner();
    try {
      await migration[step](runner);
    } finally {
      await runner.release();
    }
  }

  it('brings existing addresses to their one spelling, compared byte for byte, and goes back down', async () => {
    expect(await collation()).toBe('utf8mb4_bin');
    await run('down');
    expect(await collation()).toBe('utf8mb4_unicode_ci');
    // As the previous release stored them: trimmed and lower-cased, nothing more.
    await insert(1, 'ops@exämple.test');
    await insert(2, 'a\u0308lex@example.test');
    await insert(3, 'plain@example.test');
    await run('up');
    expect(await collation()).toBe('utf8mb4_bin');
    expect(await emails()).toEqual([
      [id(1), 'ops@xn--exmple-cua.test'],
      [id(2), '\u00e4lex@example.test'],
      [id(3), 'plain@example.test'],
    ]);
    // A look-alike is another address now; the old collation would take the two for one, so down stops.
    await insert(4, 'pläin@example.test');
    await expect(run('down')).rejects.toThrow(`${id(3)} and ${id(4)}`);
    await db.query('DELETE FROM staff_accounts');
    await run('down');
    await run('up');
  });

  it('stops, naming the accounts, when two addresses become one or one holds an invisible character', async () => {
    await run('down');
    await insert(5, 'dup@exämple.test');
    await insert(6, 'dup@xn--exmple-cua.test');
    await insert(7, 'zw\u200b@example.test');
    const refused = run('up');
    await expect(refused).rejects.toThrow(`staff accounts ${id(5)}, ${id(6)}: the same address once normalised`);
    await expect(refused).rejects.toThrow(
      `staff account ${id(7)}: its address holds an invisible or control character`,
    );
    expect(await collation()).toBe('utf8mb4_unicode_ci');
    await db.query('DELETE FROM staff_accounts');
    await run('up');
  });

  it("keeps the rule it was written with, which is still staff-accounts' normalizeStaffEmail", () => {
    for (const raw of [
      ' Ops@Exämple.TEST ',
      'a\u0308dmin@example.test',
      'ａｄｍｉｎ@example.test',
      'admin@ｅｘａｍｐｌｅ.test',
      'admin\u200b@example.test',
      'admin\ufeff@example.test',
      'admin@',
      'admin@xn--zz.test',
      'İnci@example.test',
    ]) {
      expect(StaffEmailsExact1795893188588.normalized(raw)).toBe(normalizeStaffEmail(raw));
    }
  });
});
