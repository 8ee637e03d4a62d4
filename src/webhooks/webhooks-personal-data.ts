import { Transaction } from '../database/transactions';
import { JobProducer } from '../queue/job-producer';
import { ExportedFields, HoldsPersonalData, PersonalDataPort } from '../submissions/personal-data/personal-data-port';
import { toDeliveryView } from './dto/webhook.views';
import { webhookJobOf } from './webhooks.service';
import { WebhooksRepository } from './webhooks.repository';

/** A submission's webhook deliveries and their attempts (what was sent about it, and the answers). */
@HoldsPersonalData('webhooks')
export class WebhooksPersonalData implements PersonalDataPort {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly jobs: JobProducer,
  ) {}

  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<() => Promise<void>> {
    const deliveries = await this.webhooks.deleteOfSubmissions(submissionIds, tx);
    return () =>
      this.jobs.forget(
        'deliverWebhook',
        deliveries.map((delivery) => webhookJobOf(delivery)),
      );
  }

  async exportOfSubmissions(submissionIds: string[]): Promise<(submissionId: string) => ExportedFields> {
    const views = new Map<string, ExportedFields['webhooks']>();
    for (const id of submissionIds) {
      const deliveries = await this.webhooks.deliveriesOf(id);
      const attempts = await this.webhooks.attemptsOf(deliveries.map((delivery) => delivery.id));
      views.set(
        id,
        deliveries.map((delivery) => toDeliveryView(delivery, attempts)),
      );
    }
    return (submissionId) => ({ webhooks: views.get(submissionId) ?? [] });
  }
}
