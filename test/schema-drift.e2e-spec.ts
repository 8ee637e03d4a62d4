import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';

/**
 * Entities and migrations cannot drift: on the run's migrated database, TypeORM's schema builder (what
 * `npm run migration:generate` runs) finds nothing to change. On MariaDB the URL says mariadb://, as
 * the README asks operators to, so TypeORM reads MariaDB's catalogue right.
 */
describe('the schema', () => {
  it('is exactly what the entities declare: migration:generate would find nothing to change', async () => {
    const probe = new DataSource(
      buildDataSourceOptions({ url: process.env.DATABASE_URL!, poolSize: 2, connectTimeoutMs: 5000 }),
    );
    await probe.initialize();
    const [{ version }] = await probe.query<[{ version: string }]>('SELECT VERSION() AS version');
    await probe.destroy();
    const url = new URL(process.env.DATABASE_URL!);
    if (/mariadb/i.test(version)) {
      url.protocol = 'mariadb:';
    }
    const dataSource = new DataSource(
      buildDataSourceOptions({ url: url.toString(), poolSize: 2, connectTimeoutMs: 5000 }),
    );
    await dataSource.initialize();
    try {
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });
});
