import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { Transactions } from '../database/transactions';
import { MetricsService } from '../metrics/metrics.service';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { SUBMISSION_STATE } from '../submissions/lifecycle/submission-state';
import { toStaffSubmission } from '../submissions/staff-api/staff-submission';
import { SubmissionFields } from '../submissions/lifecycle/submission-fields.service';
import { SYSTEM_ACTOR } from '../audit/actor';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { STAFF_CHANNELS, StaffChannel, StaffSubmission } from './channels/staff-channel';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { SubmissionDeliveryRepository } from '../submissions/lifecycle/submission-delivery.repository';

export interface DeliveryAttempt {
  /** True on the job's last attempt: a failure then leaves the submission `failed`. */
  final: boolean;
}

/**
 * Hands one stored submission to every configured staff channel. Each channel's success is recorded,
 * so a job that runs again (retry, crash, duplicate) only sends to channels that have not succeeded:
 * delivery is at least once overall and at most once per channel after a recorded success.
 */
@Injectable()
export class DeliveryService {
  private readonly logger = new Logger(DeliveryService.name);

  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly submissionDeliveries: SubmissionDeliveryRepository,
    private readonly apiKeys: ApiKeysRepository,
    @Inject(STAFF_CHANNELS) private readonly channels: StaffChannel[],
    private readonly metrics: MetricsService,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly fields: SubmissionFields,
  ) {}

  async deliver(submissionId: string, attempt: DeliveryAttempt): Promise<void> {
    const submission = await this.submissions.findById(submissionId);
    if (!submission) {
      this.logger.warn(`Submission ${submissionId} does not exist; job dropped`);
      return;
    }
    const records = await this.submissionDeliveries.deliveriesOf(submissionId);
    const done = new Set(records.filter((record) => record.deliveredAt !== null).map((record) => record.channel));
    const tried = new Set(records.map((record) => record.channel));
    const pending = this.channels.filter((channel) => !done.has(channel.name));
    // Delivered and nothing left to send (a duplicate job). A redelivery cleared the channels' marks.
    if (submission.state === SUBMISSION_STATE.delivered && pending.length === 0) {
      return;
    }
    // Its custom fields' index, from the values the intake stored in its row (see SubmissionFields);
    // a submission without any takes no transaction for it.
    if (submission.fieldValues !== null) {
      await this.fields.indexOf(submission.id, submission.apiKeyId);
    }
    if (submission.status === 'spam') {
      return this.holdBack(submission);
    }
    await this.startAttempt(submission);

    const payload = pending.length > 0 ? await this.payloadOf(submission) : undefined;
    const failures: string[] = [];
    for (const channel of pending) {
      try {
        await channel.send(payload!, { again: tried.has(channel.name) });
        await this.submissionDeliveries.recordAttempt(submissionId, channel.name, null);
      } catch (error) {
        this.metrics.deliveryFailed(channel.name);
        const message = (error as Error).message;
        failures.push(`${channel.name}: ${message}`);
        await this.submissionDeliveries.recordAttempt(submissionId, channel.name, message);
      }
    }

    if (failures.length > 0) {
      const lastError = failures.join('; ').slice(0, 1000);
      await this.submissionDeliveries.apply(submissionId, attempt.final ? 'exhaust' : 'failAttempt', { lastError });
      this.logger.warn(
        `Submission ${submissionId} not delivered${attempt.final ? ' (final attempt)' : ''}: ${lastError}`,
      );
      throw new Error(lastError);
    }
    await this.submissionDeliveries.apply(submissionId, 'deliver', { lastError: null, processedAt: new Date() });
    this.logger.log(`Submission ${submissionId} delivered`);
  }

  /**
   * Spam (flagged at intake, or marked by staff before a worker got to it) reaches no staff channel and
   * no requester: only the webhook destinations that subscribed to `submission.flagged` hear of what the
   * filter flagged. Its delivery ends here, with no channel recorded; "Not spam" sends it (SpamMarks).
   */
  private async holdBack(submission: SubmissionEntity): Promise<void> {
    // The delivery's end and its fact commit together: `flagged`'s webhook deliveries are written with it.
    await this.transactions.run(async (tx) => {
      await this.submissionDeliveries.apply(submission.id, 'startAttempt', {}, tx);
      if (submission.spamReasons) {
        const fact = { submissionId: submission.id, apiKeyId: submission.apiKeyId, actor: SYSTEM_ACTOR };
        await this.facts.record({ name: 'flagged', ...fact, data: {} }, tx);
      }
      await this.submissionDeliveries.apply(submission.id, 'deliver', { lastError: null, processedAt: new Date() }, tx);
    });
    this.logger.log(`Submission ${submission.id} held back as spam`);
  }

  /**
   * Counts the attempt. The first one is also the fact `delivery_started`, in the same transaction:
   * what follows it (the key's acknowledgement to the requester, conversations/) is written with the
   * count, so a fault in between rolls both back and the retry is a first attempt again. A later
   * attempt counts in one statement.
   */
  private async startAttempt(submission: SubmissionEntity): Promise<void> {
    if (submission.attempts > 0) {
      await this.submissionDeliveries.apply(submission.id, 'startAttempt', { countAttempt: true });
      return;
    }
    await this.transactions.run(async (tx) => {
      await this.submissionDeliveries.apply(submission.id, 'startAttempt', { countAttempt: true }, tx);
      const fact = { submissionId: submission.id, apiKeyId: submission.apiKeyId, actor: SYSTEM_ACTOR };
      await this.facts.record({ name: 'delivery_started', ...fact, data: {} }, tx);
    });
  }

  private async payloadOf(submission: SubmissionEntity): Promise<StaffSubmission> {
    const [apiKey, fields] = await Promise.all([
      this.apiKeys.findById(submission.apiKeyId),
      this.fields.ofOne(submission),
    ]);
    return toStaffSubmission(submission, apiKey?.name ?? '', fields);
  }
}
