import { Transaction } from '../database/transactions';
import { JobProducer } from '../queue/job-producer';
import { ExportedFields, HoldsPersonalData, PersonalDataPort } from '../submissions/personal-data/personal-data-port';
import { toRatingView } from './dto/rating.views';
import { SatisfactionSurveysRepository } from './satisfaction-surveys.repository';

/** A submission's satisfaction survey: the requester's answer and comment. */
@HoldsPersonalData('ratings')
export class RatingsPersonalData implements PersonalDataPort {
  constructor(
    private readonly surveys: SatisfactionSurveysRepository,
    private readonly jobs: JobProducer,
  ) {}

  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<() => Promise<void>> {
    const surveyIds = await this.surveys.deleteOfSubmissions(submissionIds, tx);
    return () =>
      this.jobs.forget(
        'sendSurvey',
        surveyIds.map((surveyId) => ({ surveyId })),
      );
  }

  async exportOfSubmissions(submissionIds: string[]): Promise<(submissionId: string) => ExportedFields> {
    const surveys = await this.surveys.ofSubmissions(submissionIds);
    // null: no survey.
    return (submissionId) => ({
      rating: toRatingView(surveys.find((survey) => survey.submissionId === submissionId) ?? null),
    });
  }
}
