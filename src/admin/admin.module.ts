import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { BullBoardModule } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import { QueueModule } from '../queue/queue.module';
import { SUBMISSIONS_QUEUE } from '../queue/queue.constants';
import { ADMIN_QUEUES_ROUTE } from './admin-basic-auth';

/**
 * Bull Board at /admin/queues: staff see waiting, active and failed jobs and retry failed ones.
 * Mounted only when ADMIN_USER and ADMIN_PASSWORD are set; protectAdminRoutes guards it.
 */
@Module({
  imports: [
    QueueModule,
    BullBoardModule.forRoot({ route: ADMIN_QUEUES_ROUTE, adapter: FastifyAdapter }),
    BullBoardModule.forFeature({ name: SUBMISSIONS_QUEUE, adapter: BullMQAdapter }),
  ],
})
export class AdminModule {}
