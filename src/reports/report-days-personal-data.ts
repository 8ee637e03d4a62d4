import { Transaction } from '../database/transactions';
import { AfterCommitWork } from '../submissions/facts/submission-facts';
import { HoldsPersonalData, PersonalDataPort } from '../submissions/personal-data/personal-data-port';
import { ReportStaleDays } from './report-stale-days';

/**
 * Report days hold no one's data, but their figures count the submissions that go: the days those fall
 * on are marked changed before the rows go (privacy/ runs this port first), so reports compute them
 * from what remains until they are built again. Nothing of it is exported.
 */
@HoldsPersonalData('report days')
export class ReportDaysPersonalData implements PersonalDataPort {
  constructor(private readonly staleDays: ReportStaleDays) {}

  deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<AfterCommitWork> {
    return this.staleDays.markFor(submissionIds, tx);
  }
}
