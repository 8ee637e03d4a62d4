import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { QUEUE_NAMES } from '../../src/queue/job-catalogue';
import type { ServiceHost } from './room-context';
import { waitUntil } from './wait';

/**
 * Waits until no job of any queue is waiting or running in `t`'s Redis (delayed retries aside): what
 * the service was going to send by now has been sent. The fence for "and nothing more", in place of a
 * sleep that hopes long enough has passed. Needs a worker in `t` (ROLE=all or worker).
 */
export async function queuesSettled(t: ServiceHost): Promise<void> {
  const queues = QUEUE_NAMES.map((name) => t.app.get<Queue>(getQueueToken(name), { strict: false }));
  await waitUntil(async () => {
    const counts = await Promise.all(queues.map((queue) => queue.getJobCounts('waiting', 'active', 'prioritized')));
    return counts.every((count) => Object.values(count).every((n) => n === 0));
  }, 'the queues settled');
}
