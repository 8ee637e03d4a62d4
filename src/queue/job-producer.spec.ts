import { Queue } from 'bullmq';
import { EventEmitter } from 'node:events';
import { QUEUE_NAMES, QueueName } from './job-catalogue';
import { JobProducer } from './job-producer';

/** Queues whose upsertJobScheduler fails `failures` times (Redis away), then takes. */
function fakeQueues(failures: number) {
  const declared: unknown[][] = [];
  const connection = Object.assign(new EventEmitter(), { disconnect: () => undefined });
  const queues = Object.fromEntries(
    QUEUE_NAMES.map((name) => {
      const queue = Object.assign(new EventEmitter(), {
        opts: { connection },
        close: () => Promise.resolve(),
        upsertJobScheduler: (...args: unknown[]) => {
          if (failures-- > 0) {
            return Promise.reject(new Error('Connection is closed.'));
          }
          declared.push([name, ...args]);
          return Promise.resolve();
        },
      });
      return [name, queue as unknown as Queue];
    }),
  ) as Record<QueueName, Queue>;
  return { queues, declared };
}

describe('JobProducer.keepScheduled', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('declares the kind’s one scheduler, and while Redis is away tries again until it takes', async () => {
    const { queues, declared } = fakeQueues(2);
    const producer = new JobProducer(queues);
    await producer.keepScheduled('retention', 86_400_000);
    expect(declared).toEqual([]);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(declared).toEqual([]);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(declared).toEqual([['maintenance', 'retention-daily', { every: 86_400_000 }, { name: 'retention' }]]);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(declared).toHaveLength(1);
  });

  it('stops trying at shutdown', async () => {
    const { queues, declared } = fakeQueues(1);
    const producer = new JobProducer(queues);
    await producer.keepScheduled('pollMailbox', 60_000);
    await producer.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(declared).toEqual([]);
  });
});
