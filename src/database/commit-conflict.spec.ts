import { isCommitConflict, retryOnConflict } from './commit-conflict';

const conflict = () =>
  Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213, sqlState: '40001' });

describe('commit conflicts', () => {
  it('recognises a deadlock or certification failure, wrapped by TypeORM or not, and nothing else', () => {
    expect(isCommitConflict(conflict())).toBe(true);
    expect(isCommitConflict({ driverError: { errno: 1213 } })).toBe(true);
    expect(isCommitConflict({ driverError: { sqlState: '40001' } })).toBe(true);
    expect(isCommitConflict({ driverError: { errno: 1062, sqlState: '23000' } })).toBe(false);
    expect(isCommitConflict(new Error('connection lost'))).toBe(false);
    expect(isCommitConflict(null)).toBe(false);
  });

  it('runs the work again after a conflict and returns what the successful run returned', async () => {
    let runs = 0;
    const result = await retryOnConflict(() => {
      runs++;
      return runs < 3 ? Promise.reject(conflict()) : Promise.resolve('stored');
    });
    expect(result).toBe('stored');
    expect(runs).toBe(3);
  });

  it('gives up after five tries with the conflict, and never retries other errors', async () => {
    let runs = 0;
    await expect(
      retryOnConflict(() => {
        runs++;
        return Promise.reject(conflict());
      }),
    ).rejects.toMatchObject({ errno: 1213 });
    expect(runs).toBe(5);
    runs = 0;
    await expect(
      retryOnConflict(() => {
        runs++;
        return Promise.reject(Object.assign(new Error('Duplicate entry'), { errno: 1062, sqlState: '23000' }));
      }),
    ).rejects.toThrow('Duplicate entry');
    expect(runs).toBe(1);
  });
});
