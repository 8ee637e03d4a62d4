import { Injectable, OnModuleInit } from '@nestjs/common';
import { SYSTEM_ACTOR } from '../audit/actor';
import { Clock } from '../clock/clock';
import { Transactions } from '../database/transactions';
import { SubmissionDetailSections } from '../submissions/staff-api/submission-detail-sections';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { refOf } from '../submissions/lifecycle/submission-ref';
import { RatingFormDto } from './dto/rating-form.dto';
import { toRatingView } from './dto/rating.views';
import { SatisfactionSurveyEntity } from './entities/satisfaction-survey.entity';
import { RatingLinks } from './rating-links';
import { RatingPage } from './rating-page';
import { SatisfactionSurveysRepository } from './satisfaction-surveys.repository';
import { isRating } from './survey-state';

/**
 * The requester's side of a survey: the page its links open and the answer its form sends, without
 * signing in. Opening the page records nothing (mail scanners such as Microsoft Defender's Safe Links
 * open every link of a mail; a GET must not rate), only sending the form does, once. The staff detail
 * shows the answer (its `rating` section).
 */
@Injectable()
export class Ratings implements OnModuleInit {
  constructor(
    private readonly surveys: SatisfactionSurveysRepository,
    private readonly links: RatingLinks,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly sections: SubmissionDetailSections,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.sections.add('rating', async (submissionId) => toRatingView(await this.surveys.ofSubmission(submissionId)));
  }

  /** What the link opens: the form with the link's choice preselected, the answer given before, or "not valid". */
  async page(token: unknown, chosen: unknown): Promise<RatingPage> {
    const found = await this.surveyOf(token);
    if ('invalid' in found) {
      return found.invalid;
    }
    const { survey, token: valid } = found;
    const ref = refOf(survey.submissionId);
    return survey.rating
      ? { kind: 'already rated', ref, rating: survey.rating, status: 200 }
      : { kind: 'form', token: valid, ref, chosen: isRating(chosen) ? chosen : null };
  }

  /**
   * Records the form's answer if the survey has none yet: the rating, the comment (trimmed, line breaks
   * as LF; empty is none) and the fact `rated` (audit, webhook `submission.rated`, live), in one
   * transaction. A second answer, from this link or any other, changes nothing.
   */
  async answer(form: RatingFormDto): Promise<RatingPage> {
    const found = await this.surveyOf(form.token);
    if ('invalid' in found) {
      return found.invalid;
    }
    const { survey } = found;
    const ref = refOf(survey.submissionId);
    const comment = form.comment?.replace(/\r\n?/g, '\n').trim() || null;
    const recorded = await this.transactions.run(async (tx) => {
      if (
        !(await this.surveys.recordRating(survey.id, { rating: form.rating, comment, ratedAt: this.clock.now() }, tx))
      ) {
        return false;
      }
      await this.facts.record(
        {
          name: 'rated',
          submissionId: survey.submissionId,
          apiKeyId: survey.apiKeyId,
          // The requester has no account: the service records it for them (their address is not in the audit).
          actor: SYSTEM_ACTOR,
          data: { rating: form.rating, hasComment: comment !== null },
        },
        tx,
      );
      return true;
    });
    if (recorded) {
      return { kind: 'recorded', ref, rating: form.rating };
    }
    const answered = await this.surveys.findById(survey.id);
    return answered?.rating
      ? { kind: 'already rated', ref, rating: answered.rating, status: 409 }
      : { kind: 'not valid', expired: false };
  }

  /** The survey a token names, when it is one of ours, not expired, and the survey still exists. */
  private async surveyOf(
    token: unknown,
  ): Promise<{ survey: SatisfactionSurveyEntity; token: string } | { invalid: RatingPage }> {
    const link = this.links.read(token);
    if (!link) {
      return { invalid: { kind: 'not valid', expired: false } };
    }
    if (link.expiresAt.getTime() <= this.clock.nowMs()) {
      return { invalid: { kind: 'not valid', expired: true } };
    }
    const survey = await this.surveys.findById(link.surveyId);
    // Erased with its submission, or a token signed for a survey that never was: the same answer.
    return survey ? { survey, token: token as string } : { invalid: { kind: 'not valid', expired: false } };
  }
}
