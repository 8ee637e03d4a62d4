import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { QueueModule } from '../queue/queue.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { RedeliveryController } from './redelivery.controller';
import { RedeliveryService } from './redelivery.service';

/** Sending submissions again (CLI and API). */
@Module({
  imports: [SubmissionsModule, QueueModule, AuditModule],
  providers: [RedeliveryService],
  exports: [RedeliveryService],
})
export class RedeliveryModule {}

/** Staff's redelivery route (API process). */
@Module({ imports: [RedeliveryModule], controllers: [RedeliveryController] })
export class RedeliveryRoutesModule {}
