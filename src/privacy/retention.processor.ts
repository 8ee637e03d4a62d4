import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Queue } from 'bullmq';
import { SYSTEM_ACTOR } from '../audit/actor';
import { MAINTENANCE_QUEUE, RETENTION_JOB } from '../queue/queue.constants';
import { RetentionService } from './retention.service';

const DAY_MS = 86_400_000;

/**
 * Runs retention once a day. The schedule is one BullMQ job scheduler (an upsert: every worker may
 * declare it, there is still one), so exactly one worker runs each day's job however many there are.
 */
@Processor(MAINTENANCE_QUEUE)
export class RetentionProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly retention: RetentionService,
    @InjectQueue(MAINTENANCE_QUEUE) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(`${RETENTION_JOB}-daily`, { every: DAY_MS }, { name: RETENTION_JOB });
  }

  async process(): Promise<void> {
    await this.retention.run(SYSTEM_ACTOR);
  }
}
