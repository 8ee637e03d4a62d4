import { DataSource, QueryFailedError } from 'typeorm';
import { BatchedInsert } from '../src/database/batched-insert';
import { createRoomContext, RoomContext } from './support/room-context';

/** BatchedInsert against the run's MariaDB through TypeORM, as the hot paths use it (no room, no HTTP app). */
describe('BatchedInsert on MariaDB', () => {
  let t: RoomContext;
  let db: DataSource;
  let probe: BatchedInsert;
  const statements: string[] = [];

  beforeAll(async () => {
    t = await createRoomContext([]);
    db = t.app.get(DataSource);
    await db.query('CREATE TABLE batched_insert_probe (id INT PRIMARY KEY, label VARCHAR(5) NOT NULL)');
    probe = new BatchedInsert(
      (sql, values) => {
        statements.push(sql);
        return db.query(sql, values);
      },
      'batched_insert_probe',
      ['id', 'label'],
    );
  });
  afterAll(async () => {
    await db.query('DROP TABLE batched_insert_probe');
    await t.close();
  });
  beforeEach(() => (statements.length = 0));

  const stored = async (): Promise<{ id: number; label: string }[]> =>
    db.query('SELECT id, label FROM batched_insert_probe ORDER BY id');

  it('stores rows inserted together with one statement', async () => {
    await Promise.all([1, 2, 3].map((id) => probe.insert([id, `r${id}`])));
    expect(statements).toHaveLength(1);
    expect(await stored()).toEqual([
      { id: 1, label: 'r1' },
      { id: 2, label: 'r2' },
      { id: 3, label: 'r3' },
    ]);
  });

  it('fails only the duplicate and the oversized row of a batch, and stores the rest', async () => {
    const outcomes = await Promise.allSettled([
      probe.insert([4, 'ok']),
      probe.insert([1, 'dup']),
      probe.insert([5, 'too long']),
      probe.insert([6, 'ok']),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    const [, duplicate, oversized] = outcomes as PromiseRejectedResult[];
    expect(duplicate.reason).toBeInstanceOf(QueryFailedError);
    expect(duplicate.reason).toMatchObject({ driverError: { code: 'ER_DUP_ENTRY' } });
    expect(oversized.reason).toMatchObject({ driverError: { code: 'ER_DATA_TOO_LONG' } });
    expect((await stored()).map((row) => row.id)).toEqual([1, 2, 3, 4, 6]);
    expect(statements).toHaveLength(5); // the batch, then each row alone
  });
});
