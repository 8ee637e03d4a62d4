import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import { StaffAccountsModule, StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { StaffSubmissionsModule } from '../submissions/staff-submissions.module';
import { SubmissionHooks } from '../submissions/submission-hooks';
import { SubmissionsModule } from '../submissions/submissions.module';
import { LiveController } from './live.controller';
import { LiveEvents } from './live-events';
import { LiveStream } from './live-stream.service';
import { PresenceService } from './presence.service';

/**
 * Live events' part in the staff workflow (registered with SubmissionHooks, so submissions/ does not
 * import live/): a committed staff change or note is a `submission.changed` event.
 */
@Injectable()
class LiveSubmissionHooks implements OnModuleInit {
  constructor(
    private readonly hooks: SubmissionHooks,
    private readonly events: LiveEvents,
  ) {}

  onModuleInit(): void {
    this.hooks.onChange(({ submissionId, version }) =>
      this.events.publish({ type: 'submission.changed', id: submissionId, version }),
    );
  }
}

/** Publishing live events, for every process that changes submissions (API and worker). */
@Module({
  imports: [SubmissionsModule],
  providers: [LiveEvents, LiveSubmissionHooks],
  exports: [LiveEvents],
})
export class LiveEventsModule {}

/** GET /staff/api/stream and presence (API process): one subscriber connection, fanned out in memory. */
@Module({
  imports: [LiveEventsModule, SubmissionsModule, StaffSubmissionsModule, StaffAccountsModule, StaffAuthModule],
  controllers: [LiveController],
  providers: [LiveStream, PresenceService],
})
export class LiveModule {}
