import { DataSource } from 'typeorm';
import { afterCommit, BeforeCommitBatch, Transaction, Transactions } from './transactions';

/** Transactions over a stand-in data source: each attempt a new manager, `commits` what committed. */
function transactionsOf(fail: (attempt: number) => Error | null = () => null) {
  const commits: string[][] = [];
  let attempt = 0;
  const dataSource = {
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      attempt += 1;
      const written: string[] = [];
      const result = await work({ written } as unknown as Transaction);
      const error = fail(attempt);
      if (error) {
        throw error;
      }
      commits.push(written);
      return result;
    },
  } as unknown as DataSource;
  return { transactions: new Transactions(dataSource), commits };
}

const writtenIn = (tx: Transaction) => (tx as unknown as { written: string[] }).written;

describe('BeforeCommitBatch', () => {
  it("writes a transaction's items once, in the order added, after its own work and before it commits", async () => {
    const { transactions, commits } = transactionsOf();
    const batch = new BeforeCommitBatch<string>((items, tx) => {
      writtenIn(tx).push(`batch ${items.join(' ')}`);
      return Promise.resolve();
    });
    await transactions.run((tx) => {
      batch.add(tx, 'a');
      writtenIn(tx).push('work');
      batch.add(tx, 'b');
      return Promise.resolve();
    });
    expect(commits).toEqual([['work', 'batch a b']]);
  });

  it('opens another batch for an item added once its batch was written, and writes it after', async () => {
    const { transactions, commits } = transactionsOf();
    const later = new BeforeCommitBatch<string>((items, tx) => {
      writtenIn(tx).push(`later ${items.join(' ')}`);
      return Promise.resolve();
    });
    const batch: BeforeCommitBatch<string> = new BeforeCommitBatch<string>((items, tx) => {
      writtenIn(tx).push(`batch ${items.join(' ')}`);
      // What a rule does before commit: another change, recorded after the first batch was written.
      if (items[0] === 'a') {
        later.add(tx, 'x');
        batch.add(tx, 'c');
      }
      return Promise.resolve();
    });
    await transactions.run((tx) => {
      batch.add(tx, 'a');
      batch.add(tx, 'b');
      return Promise.resolve();
    });
    expect(commits).toEqual([['batch a b', 'later x', 'batch c']]);
  });

  it('keeps the items of an attempt that failed out of the next one, and runs its after-commit work never', async () => {
    const conflict = Object.assign(new Error('Deadlock found'), { errno: 1213 });
    const { transactions, commits } = transactionsOf((attempt) => (attempt === 1 ? conflict : null));
    const batch = new BeforeCommitBatch<string>((items, tx) => {
      writtenIn(tx).push(`batch ${items.join(' ')}`);
      afterCommit(tx, () => void after.push(items.join(' ')));
      return Promise.resolve();
    });
    const after: string[] = [];
    let attempts = 0;
    await transactions.run((tx) => {
      attempts += 1;
      batch.add(tx, `attempt ${attempts}`);
      return Promise.resolve();
    });
    expect(commits).toEqual([['batch attempt 2']]);
    expect(after).toEqual(['attempt 2']);
  });
});
