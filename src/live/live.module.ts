import { Module } from '@nestjs/common';
import { StaffAccountsModule, StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { LiveController } from './live.controller';
import { LiveEvents } from './live-events';
import { LiveFactHandlers } from './live-fact-handlers';
import { LiveStream } from './live-stream.service';
import { PresenceService } from './presence.service';

/** Publishing live events, for every process that changes submissions (API and worker). */
@Module({
  imports: [SubmissionsModule],
  providers: [LiveEvents, LiveFactHandlers],
  exports: [LiveEvents],
})
export class LiveEventsModule {}

/** GET /staff/api/stream and presence (API process): one subscriber connection, fanned out in memory. */
@Module({
  imports: [LiveEventsModule, SubmissionsModule, StaffAccountsModule, StaffAuthModule],
  controllers: [LiveController],
  providers: [LiveStream, PresenceService],
})
export class LiveModule {}
