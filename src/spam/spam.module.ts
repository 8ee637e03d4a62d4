import { Module } from '@nestjs/common';
import { QueueModule } from '../queue/queue.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { SpamFilter } from './spam-filter.service';
import { SpamLedger } from './spam-ledger';
import { SpamMarks } from './spam-marks.service';

/** The spam filter: the intake's checks (SpamFilter) and what staff's decisions teach it (SpamMarks). */
@Module({
  imports: [SubmissionsModule, QueueModule],
  providers: [SpamLedger, SpamFilter, SpamMarks],
  exports: [SpamFilter, SpamLedger],
})
export class SpamModule {}
