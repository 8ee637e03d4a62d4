import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ApiKeyEntity } from '../api-keys/entities/api-key.entity';
import { SubmissionEntity } from '../contact/entities/submission.entity';
import { MetricsService } from '../metrics/metrics.service';
import { EmailChannel } from './channels/email.channel';
import { STAFF_CHANNELS, StaffChannel, StaffSubmission } from './channels/staff-channel';
import { SubmissionDeliveryEntity } from './entities/submission-delivery.entity';

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
export class StaffDeliveryService implements OnApplicationShutdown {
  private readonly logger = new Logger(StaffDeliveryService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STAFF_CHANNELS) private readonly channels: StaffChannel[],
    private readonly metrics: MetricsService,
  ) {}

  onApplicationShutdown(): void {
    for (const channel of this.channels) {
      if (channel instanceof EmailChannel) {
        channel.close();
      }
    }
  }

  async deliver(submissionId: string, attempt: DeliveryAttempt): Promise<void> {
    const submissions = this.dataSource.getRepository(SubmissionEntity);
    const submission = await submissions.findOneBy({ id: submissionId });
    if (!submission) {
      this.logger.warn(`Submission ${submissionId} does not exist; job dropped`);
      return;
    }
    if (submission.state === 'delivered') {
      return;
    }
    await submissions.update(
      { id: submissionId },
      { state: 'processing', attempts: () => 'attempts + 1', updatedAt: new Date() },
    );

    const done = await this.deliveredChannels(submissionId);
    const pending = this.channels.filter((channel) => !done.has(channel.name));
    const payload = pending.length > 0 ? await this.payloadOf(submission) : undefined;
    const failures: string[] = [];
    for (const channel of pending) {
      try {
        await channel.send(payload!);
        await this.dataSource
          .createQueryBuilder()
          .insert()
          .into(SubmissionDeliveryEntity)
          .values({ submissionId, channel: channel.name, deliveredAt: new Date() })
          .orIgnore()
          .execute();
      } catch (error) {
        this.metrics.deliveryFailed(channel.name);
        failures.push(`${channel.name}: ${(error as Error).message}`);
      }
    }

    const now = new Date();
    if (failures.length > 0) {
      const lastError = failures.join('; ').slice(0, 1000);
      await submissions.update(
        { id: submissionId },
        { state: attempt.final ? 'failed' : 'queued', lastError, updatedAt: now },
      );
      this.logger.warn(
        `Submission ${submissionId} not delivered${attempt.final ? ' (final attempt)' : ''}: ${lastError}`,
      );
      throw new Error(lastError);
    }
    await submissions.update(
      { id: submissionId },
      { state: 'delivered', lastError: null, processedAt: now, updatedAt: now },
    );
    this.logger.log(`Submission ${submissionId} delivered`);
  }

  private async deliveredChannels(submissionId: string): Promise<Set<string>> {
    const rows = await this.dataSource
      .getRepository(SubmissionDeliveryEntity)
      .find({ select: { channel: true }, where: { submissionId, channel: In(this.channels.map((c) => c.name)) } });
    return new Set(rows.map((row) => row.channel));
  }

  private async payloadOf(submission: SubmissionEntity): Promise<StaffSubmission> {
    const apiKey = await this.dataSource
      .getRepository(ApiKeyEntity)
      .findOne({ select: { id: true, name: true }, where: { id: submission.apiKeyId } });
    return {
      id: submission.id,
      name: submission.name,
      email: submission.email,
      phone: submission.phone,
      business: submission.business,
      message: submission.message,
      created_at: submission.createdAt.toISOString(),
      api_key: { id: submission.apiKeyId, name: apiKey?.name ?? '' },
    };
  }
}
