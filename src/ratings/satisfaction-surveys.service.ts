import { Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { Transaction } from '../database/transactions';
import { JobProducer } from '../queue/job-producer';
import { AfterCommitWork, OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
import { refOf } from '../submissions/lifecycle/submission-ref';
import { RATING_LINK_DAYS, RatingLinks } from './rating-links';
import { SatisfactionSurveysRepository } from './satisfaction-surveys.repository';
import { SURVEY_MAIL_STATE } from './survey-state';

const DAY_MS = 86_400_000;

/** A survey's mail as the mail queue's worker sends it to the requester (conversations/ addresses and threads it). */
export interface SurveyMail {
  surveyId: string;
  submissionId: string;
  subject: string;
  text: string;
}

/** How a survey's mail ended: sent, not sent on purpose, or failed for good. */
export type SurveyMailOutcome = 'send' | 'skip' | 'fail';

/**
 * Satisfaction surveys (issue 41, point 6): closing a submission of a key with `csat` on surveys its
 * requester once, and the mail goes out by the mail queue.
 */
@Injectable()
export class SatisfactionSurveys {
  private readonly logger = new Logger(SatisfactionSurveys.name);

  constructor(
    private readonly surveys: SatisfactionSurveysRepository,
    private readonly apiKeys: ApiKeysRepository,
    private readonly links: RatingLinks,
    private readonly jobs: JobProducer,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /**
   * Closing (a status change to `closed`, not straight from `spam`), in its transaction: a survey when
   * the key has `csat` on, the submission has an address (one the receiving server vouched for, when it
   * came by mail: anyone can write any From) and was never surveyed, and mail can carry its links
   * (SMTP_URL and PUBLIC_URL). The row is what says "surveyed": it commits with the closing, so a
   * reopened and closed again submission, or two closings racing, are surveyed once. Its mail is queued
   * once the closing has committed (the queue reconciler adds a job Redis lost or never got).
   */
  @OnSubmissionFact({ phase: 'in transaction', facts: ['status_changed'] })
  async surveyOnClosing(fact: SubmissionFact, tx: Transaction): Promise<AfterCommitWork | void> {
    if (fact.name !== 'status_changed' || fact.data.after !== 'closed' || fact.data.before === 'spam') {
      return;
    }
    if (!this.config.mail.smtpUrl || !this.links.canLink || !(await this.apiKeys.findById(fact.apiKeyId))?.csat) {
      return;
    }
    const subject = await this.surveys.closingSubjectOf(fact.submissionId, tx);
    if (!subject?.hasEmail || subject.senderVerified === false) {
      return;
    }
    const now = this.clock.nowMs();
    const surveyId = uuidv7();
    const stored = await this.surveys.insertOnce(
      {
        id: surveyId,
        submissionId: fact.submissionId,
        apiKeyId: subject.apiKeyId,
        assigneeId: subject.assigneeId,
        mailState: SURVEY_MAIL_STATE.queued,
        surveyedAt: new Date(now),
        // A whole second: the links carry it in seconds, and are made again from this column.
        expiresAt: new Date(Math.floor((now + RATING_LINK_DAYS * DAY_MS) / 1000) * 1000),
        mailedAt: null,
        rating: null,
        comment: null,
        ratedAt: null,
        encKeyId: null,
      },
      tx,
    );
    if (stored) {
      return () => this.jobs.enqueue('sendSurvey', [{ surveyId }]);
    }
  }

  /**
   * The mail of a survey still to send, made now from its row (the job carries its id only): the two
   * links and what they do. Null when there is nothing to send: the survey is gone (erased), was sent
   * or settled already, or its links have expired meanwhile (then it is settled as skipped).
   */
  async mailOf(surveyId: string): Promise<SurveyMail | null> {
    const survey = await this.surveys.findById(surveyId);
    if (!survey || survey.mailState !== SURVEY_MAIL_STATE.queued) {
      return null;
    }
    if (survey.expiresAt.getTime() <= this.clock.nowMs()) {
      await this.settle(surveyId, 'skip');
      return null;
    }
    const ref = refOf(survey.submissionId);
    const link = { surveyId, expiresAt: survey.expiresAt };
    return {
      surveyId,
      submissionId: survey.submissionId,
      subject: `How did we do? [#${ref}]`,
      text: [
        'Hello,',
        '',
        `your request [#${ref}] is closed. Would you tell us how we did? One click:`,
        '',
        `Good: ${this.links.urlOf(link, 'good')}`,
        '',
        `Not good: ${this.links.urlOf(link, 'not_good')}`,
        '',
        'Either link opens a short page where you can add a comment if you like, then send your rating.',
        `Nothing is recorded until you send it. The links work for ${RATING_LINK_DAYS} days.`,
        '',
        'Thank you.',
        '',
      ].join('\n'),
    };
  }

  /** Records how a survey's mail ended (once: a job that runs again finds it settled). */
  async settle(surveyId: string, outcome: SurveyMailOutcome): Promise<void> {
    if (await this.surveys.settleMail(surveyId, outcome, outcome === 'send' ? this.clock.now() : null)) {
      this.logger.log(
        `Survey ${surveyId}: mail ${outcome === 'send' ? 'sent' : outcome === 'skip' ? 'not needed' : 'failed'}`,
      );
    }
  }
}
