import { Injectable } from '@nestjs/common';
import { StaffSubmissionsRepository } from '../submissions/staff-api/staff-submissions.repository';
import { ReportBacklogCache } from './report-backlog-cache';
import type { ReportScope } from './report-days.repository';

/** A report's open work now (new, open, pending) in its scope, counted or from ReportBacklogCache. */
@Injectable()
export class ReportBacklog {
  constructor(
    private readonly cache: ReportBacklogCache,
    private readonly submissions: StaffSubmissionsRepository,
  ) {}

  of(scope: ReportScope): Promise<Record<string, number>> {
    return this.cache.countsOf([scope.apiKeyId, scope.tagKey, scope.assigneeId], () =>
      this.submissions.countByStatus({
        statuses: ['new', 'open', 'pending'],
        apiKeyId: scope.apiKeyId,
        tagKey: scope.tagKey,
        assigneeId: scope.assigneeId === undefined ? undefined : scope.assigneeId || null,
      }),
    );
  }
}
