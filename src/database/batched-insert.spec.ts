import { BatchedInsert } from './batched-insert';

interface Statement {
  sql: string;
  parameters: unknown[];
}

/** A statement runner that records what it is given and fails as told. */
function recorder(fail: (statement: Statement) => Error | null = () => null) {
  const statements: Statement[] = [];
  const run = (sql: string, parameters: unknown[]): Promise<unknown> => {
    const statement = { sql, parameters };
    statements.push(statement);
    const error = fail(statement);
    return error ? Promise.reject(error) : Promise.resolve({ affectedRows: parameters.length / 2 });
  };
  return { statements, run };
}

function sqlError(sqlState: string): Error {
  return Object.assign(new Error(`refused (${sqlState})`), { driverError: { sqlState } });
}

describe('BatchedInsert', () => {
  it('inserts the rows of one turn of the event loop with one statement, values in arrival order', async () => {
    const { statements, run } = recorder();
    const insert = new BatchedInsert(run, 't', ['a', 'b']);
    await Promise.all([insert.insert([1, 'x']), insert.insert([2, 'y']), insert.insert([3, 'z'])]);
    expect(statements).toEqual([
      { sql: 'INSERT INTO t (`a`, `b`) VALUES (?, ?), (?, ?), (?, ?)', parameters: [1, 'x', 2, 'y', 3, 'z'] },
    ]);
  });

  it('settles a caller only after its statement has finished', async () => {
    let finish!: () => void;
    const insert = new BatchedInsert(() => new Promise<void>((resolve) => (finish = resolve)), 't', ['a']);
    let settled = false;
    const pending = insert.insert([1]).then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await pending;
    expect(settled).toBe(true);
  });

  it('sends a row that arrives alone on the next turn, and later rows in a statement of their own', async () => {
    const { statements, run } = recorder();
    const insert = new BatchedInsert(run, 't', ['a']);
    await insert.insert([1]);
    await insert.insert([2]);
    expect(statements.map((statement) => statement.parameters)).toEqual([[1], [2]]);
  });

  it('starts a new statement at maxRows', async () => {
    const { statements, run } = recorder();
    const insert = new BatchedInsert(run, 't', ['a'], 2);
    await Promise.all([1, 2, 3, 4, 5].map((value) => insert.insert([value])));
    expect(statements.map((statement) => statement.parameters)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('gives every caller the error of a statement that failed for want of a server', async () => {
    const down = new Error('connect ECONNREFUSED');
    const { statements, run } = recorder(() => down);
    const insert = new BatchedInsert(run, 't', ['a']);
    const outcomes = await Promise.allSettled([insert.insert([1]), insert.insert([2])]);
    expect(outcomes).toEqual([
      { status: 'rejected', reason: down },
      { status: 'rejected', reason: down },
    ]);
    expect(statements).toHaveLength(1);
  });

  it.each(['23000', '22001'])(
    'retries row by row when the server refuses the data (SQLSTATE %s), so only the bad row fails',
    async (sqlState) => {
      const { statements, run } = recorder((statement) =>
        statement.parameters.includes('bad') ? sqlError(sqlState) : null,
      );
      const insert = new BatchedInsert(run, 't', ['a']);
      const outcomes = await Promise.allSettled([
        insert.insert(['good']),
        insert.insert(['bad']),
        insert.insert(['fine']),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ driverError: { sqlState } });
      expect(statements.map((statement) => statement.parameters)).toEqual([
        ['good', 'bad', 'fine'],
        ['good'],
        ['bad'],
        ['fine'],
      ]);
    },
  );

  it('refuses a row with the wrong number of values at once', () => {
    const insert = new BatchedInsert(recorder().run, 't', ['a', 'b']);
    expect(() => insert.insert([1])).toThrow('Expected 2 values, got 1');
  });
});
