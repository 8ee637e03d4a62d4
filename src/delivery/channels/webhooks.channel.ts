import { SUBMISSION_FACTS } from '../../submissions/facts/submission-facts';
import { RECEIVED_EVENT_KEY, WebhooksService } from '../../webhooks/webhooks.service';
import { SendContext, StaffChannel, StaffSubmission } from './staff-channel';

/**
 * Hands a submission to its webhook destinations (STAFF_WEBHOOK_URL, the global ones, its key's own):
 * one delivery and one job each on the `webhooks` queue, where each is retried on its own schedule.
 * "Sent" here means every destination has its job. Sent again (a staff redelivery cleared the mark, or
 * the hand-over failed half way), destinations that already had it get it once more. (The catalogue
 * of facts names this channel as what sends the `received` fact's webhook.)
 */
export class WebhooksChannel implements StaffChannel {
  readonly name = 'webhooks';

  constructor(private readonly webhooks: WebhooksService) {}

  async send(submission: StaffSubmission, { again }: SendContext): Promise<void> {
    await this.webhooks.dispatch(
      submission.id,
      submission.api_key.id,
      SUBMISSION_FACTS.received.webhook.event,
      RECEIVED_EVENT_KEY,
      {
        resend: again,
      },
    );
  }
}
