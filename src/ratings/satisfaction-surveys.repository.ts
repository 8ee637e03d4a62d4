import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, MoreThan, Repository } from 'typeorm';
import { isDuplicateKey } from '../database/duplicate-key';
import { FieldCipher } from '../database/field-cipher';
import type { Transaction } from '../database/transactions';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { SatisfactionSurveyEntity } from './entities/satisfaction-survey.entity';
import { Rating, SURVEY_MAIL_STATE, SURVEY_MAIL_TRANSITIONS, SurveyMailTransition } from './survey-state';

/** What closing a submission needs to know to survey it (no personal column is read, only whether it has an address). */
export interface ClosingSubject {
  apiKeyId: string;
  assigneeId: string | null;
  hasEmail: boolean;
  /** Inbound mail whose sender the trusted receiving server did not vouch for: false. */
  senderVerified: boolean | null;
}

/** A day's ratings (UTC), for reports. */
export interface DailyRatingCounts {
  /** `YYYY-MM-DD`, the UTC day the requesters answered. */
  day: string;
  good: number;
  not_good: number;
}

/** Every query of the `satisfaction_surveys` table (and the few columns of a closing submission it reads). */
@Injectable()
export class SatisfactionSurveysRepository {
  constructor(
    @InjectRepository(SatisfactionSurveyEntity) private readonly surveys: Repository<SatisfactionSurveyEntity>,
    private readonly cipher: FieldCipher,
  ) {}

  /** The submission being closed in `tx`, as its change left it (its key, its assignee, whether it has an address). */
  async closingSubjectOf(submissionId: string, tx: Transaction): Promise<ClosingSubject | null> {
    const row = await tx
      .getRepository(SubmissionEntity)
      .createQueryBuilder('s')
      .select('s.api_key_id', 'apiKeyId')
      .addSelect('s.assignee_id', 'assigneeId')
      .addSelect('s.email IS NOT NULL', 'hasEmail')
      .addSelect('s.sender_verified', 'senderVerified')
      .where('s.id = :submissionId', { submissionId })
      .getRawOne<{ apiKeyId: string; assigneeId: string | null; hasEmail: number; senderVerified: number | null }>();
    return row
      ? {
          apiKeyId: row.apiKeyId,
          assigneeId: row.assigneeId,
          hasEmail: Number(row.hasEmail) === 1,
          senderVerified: row.senderVerified === null ? null : Number(row.senderVerified) === 1,
        }
      : null;
  }

  /**
   * Stores a new survey in `tx` unless its submission has one already (the unique index decides, so
   * two closings racing, on one database node or two, store one). Answers whether it stored this one.
   */
  async insertOnce(survey: SatisfactionSurveyEntity, tx: Transaction): Promise<boolean> {
    try {
      // A duplicate key fails the statement, not the transaction (InnoDB): the closing goes on.
      await tx.getRepository(SatisfactionSurveyEntity).insert(this.cipher.sealRow('satisfaction_surveys', survey));
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) {
        return false;
      }
      throw error;
    }
  }

  findById(id: string): Promise<SatisfactionSurveyEntity | null> {
    return this.surveys.findOneBy({ id });
  }

  ofSubmission(submissionId: string): Promise<SatisfactionSurveyEntity | null> {
    return this.surveys.findOneBy({ submissionId });
  }

  /** The surveys of these submissions (export). */
  ofSubmissions(submissionIds: string[]): Promise<SatisfactionSurveyEntity[]> {
    return submissionIds.length === 0
      ? Promise.resolve([])
      : this.surveys.find({ where: { submissionId: In(submissionIds) }, order: { id: 'ASC' } });
  }

  /** Moves a survey's mail along SURVEY_MAIL_TRANSITIONS if it is still where `event` leaves from; answers whether it did. */
  async settleMail(id: string, event: SurveyMailTransition, mailedAt: Date | null = null): Promise<boolean> {
    const { from, to } = SURVEY_MAIL_TRANSITIONS[event];
    const result = await this.surveys.update(
      { id, mailState: In([...from]) },
      { mailState: to, ...(mailedAt ? { mailedAt } : {}) },
    );
    return (result.affected ?? 0) === 1;
  }

  /**
   * Records the requester's answer in `tx` if the survey has none yet (one conditional UPDATE: of two
   * answers racing, one is recorded and the other changes nothing). The comment is sealed. Answers
   * whether this answer was recorded.
   */
  async recordRating(
    id: string,
    answer: { rating: Rating; comment: string | null; ratedAt: Date },
    tx: Transaction,
  ): Promise<boolean> {
    const sealed = this.cipher.sealRow('satisfaction_surveys', { id, encKeyId: null, comment: answer.comment });
    const result = await tx
      .getRepository(SatisfactionSurveyEntity)
      .update(
        { id, rating: IsNull() },
        { rating: answer.rating, ratedAt: answer.ratedAt, comment: sealed.comment, encKeyId: sealed.encKeyId },
      );
    return (result.affected ?? 0) === 1;
  }

  /** Surveys whose mail is still queued, made before `cutoff`, after id `afterId` (the reconciler checks each has its job). */
  mailQueuedBefore(cutoff: Date, afterId: string, limit: number): Promise<Pick<SatisfactionSurveyEntity, 'id'>[]> {
    return this.surveys.find({
      select: { id: true },
      where: { mailState: SURVEY_MAIL_STATE.queued, surveyedAt: LessThan(cutoff), id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** Deletes the surveys of these submissions, in `tx` (erasure and retention); answers their ids. */
  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<string[]> {
    const repository = tx.getRepository(SatisfactionSurveyEntity);
    const rows = await repository.find({ select: { id: true }, where: { submissionId: In(submissionIds) } });
    if (rows.length > 0) {
      await repository.delete({ submissionId: In(submissionIds) });
    }
    return rows.map((row) => row.id);
  }

  /**
   * For reports: how many requesters answered `good` and `not_good`, per UTC day of their answer, from
   * `from` (inclusive) to `to` (exclusive), oldest day first; days without an answer are left out.
   * `apiKeyId` and `assigneeId` narrow it to one key's submissions, or to those assigned to one staff
   * member when they were closed (the survey keeps both as they were then: who handled it gets the
   * credit even if it is reassigned later). Surveys not answered, and those of erased or retired
   * submissions (deleted with them), count nowhere. One range scan of `ix_satisfaction_surveys_rated`.
   */
  async dailyCounts(
    range: { from: Date; to: Date },
    filter: { apiKeyId?: string; assigneeId?: string } = {},
  ): Promise<DailyRatingCounts[]> {
    const query = this.surveys
      .createQueryBuilder('r')
      .select("DATE_FORMAT(r.rated_at, '%Y-%m-%d')", 'day')
      .addSelect("SUM(r.rating = 'good')", 'good')
      .addSelect("SUM(r.rating = 'not_good')", 'notGood')
      .where('r.rated_at >= :from AND r.rated_at < :to', range)
      .groupBy('day')
      .orderBy('day', 'ASC');
    if (filter.apiKeyId !== undefined) {
      query.andWhere('r.api_key_id = :apiKeyId', { apiKeyId: filter.apiKeyId });
    }
    if (filter.assigneeId !== undefined) {
      query.andWhere('r.assignee_id = :assigneeId', { assigneeId: filter.assigneeId });
    }
    const rows = await query.getRawMany<{ day: string; good: string | number; notGood: string | number }>();
    return rows.map((row) => ({ day: row.day, good: Number(row.good), not_good: Number(row.notGood) }));
  }

  /**
   * For reports: the answers given from `from` (inclusive) to `to` (exclusive), counted per UTC day of
   * the answer, API key and assignee at closing ('' for none), or per label the submission carries now
   * (`byTag`); `tagKey` narrows to submissions carrying that label. Unanswered surveys count nowhere.
   */
  async ratedCounts(
    range: { from: Date; to: Date },
    options: { byTag: boolean; tagKey?: string },
  ): Promise<{ day: string; apiKeyId: string; assigneeId: string; tagKey: string; good: number; notGood: number }[]> {
    const query = this.surveys
      .createQueryBuilder('r')
      .select("DATE_FORMAT(r.rated_at, '%Y-%m-%d')", 'day')
      .addSelect('r.api_key_id', 'apiKeyId')
      .addSelect("COALESCE(r.assignee_id, '')", 'assigneeId')
      .addSelect("SUM(r.rating = 'good')", 'good')
      .addSelect("SUM(r.rating = 'not_good')", 'notGood')
      .where('r.rated_at >= :from AND r.rated_at < :to', range)
      .groupBy('day')
      .addGroupBy('apiKeyId')
      .addGroupBy('assigneeId');
    if (options.byTag || options.tagKey !== undefined) {
      query.innerJoin('submission_tags', 'g', 'g.submission_id = r.submission_id').addSelect('g.tag_key', 'tagKey');
      query.addGroupBy('tagKey');
      if (options.tagKey !== undefined) {
        query.andWhere('g.tag_key = :tagKey', { tagKey: options.tagKey });
      }
    } else {
      query.addSelect("''", 'tagKey');
    }
    const rows = await query.getRawMany<{
      day: string;
      apiKeyId: string;
      assigneeId: string;
      tagKey: string;
      good: string | number;
      notGood: string | number;
    }>();
    return rows.map((row) => ({ ...row, good: Number(row.good), notGood: Number(row.notGood) }));
  }

  /**
   * The answers given in `range` by a custom field's value (reports' `by_field`): of submissions of
   * `field.apiKeyIds` with a comparable value (`value_key`) of `field.name`, narrowed as a report is (the
   * key and assignee at closing, a label carried now; '' for unassigned).
   */
  async ratedCountsByField(
    range: { from: Date; to: Date },
    field: { name: string; apiKeyIds: readonly string[] },
    scope: { assigneeId?: string; tagKey?: string },
  ): Promise<{ value: string; good: number; notGood: number }[]> {
    const query = this.surveys
      .createQueryBuilder('r')
      .innerJoin(
        'submission_field_values',
        'v',
        'v.submission_id = r.submission_id AND v.name = :name AND v.value_key IS NOT NULL',
        { name: field.name },
      )
      .select('v.value_key', 'value')
      .addSelect("SUM(r.rating = 'good')", 'good')
      .addSelect("SUM(r.rating = 'not_good')", 'notGood')
      .where('r.rated_at >= :from AND r.rated_at < :to', range)
      .andWhere('r.api_key_id IN (:...keys)', { keys: field.apiKeyIds })
      .groupBy('value');
    if (scope.assigneeId !== undefined) {
      query.andWhere("COALESCE(r.assignee_id, '') = :assigneeId", { assigneeId: scope.assigneeId });
    }
    if (scope.tagKey !== undefined) {
      query.andWhere(
        'EXISTS (SELECT 1 FROM submission_tags g WHERE g.submission_id = r.submission_id AND g.tag_key = :tagKey)',
        { tagKey: scope.tagKey },
      );
    }
    const rows = await query.getRawMany<{ value: string; good: string | number; notGood: string | number }>();
    return rows.map((row) => ({ value: row.value, good: Number(row.good), notGood: Number(row.notGood) }));
  }
}
