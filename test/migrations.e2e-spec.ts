import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { ownDatabase } from './support/own-database';
import { freePort, startService, StartedProcess } from './support/processes';
import { createTestApp, uniquePrefix } from './support/test-app';

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
      const first = await createTestApp({ DATABASE_URL: database.url });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      await first.close();
      // A holder that crashed long ago: its expired lease is taken at once.
      await db.query(
        "INSERT INTO schema_lock VALUES ('migrations', 'crashed-holder-000000000000000000000', NOW(3) - INTERVAL 1 HOUR)",
      );
      const again = Date.now();
      const second = await createTestApp({ DATABASE_URL: database.url });
      expect(Date.now() - again).toBeLessThan(1500);
      await second.close();
      expect(await db.query('SELECT * FROM schema_lock')).toEqual([]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
