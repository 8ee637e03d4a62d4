import { Module } from '@nestjs/common';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { AppConfig } from '../config/app-config';
import { MailModule } from '../mail/mail.module';
import { SmtpMailer } from '../mail/smtp-mailer';
import { QueueModule } from '../queue/queue.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { RatingsModule } from '../ratings/ratings.module';
import { EmailChannel } from './channels/email.channel';
import { NoChannel } from './channels/no-channel';
import { STAFF_CHANNELS, StaffChannel } from './channels/staff-channel';
import { WebhooksChannel } from './channels/webhooks.channel';
import { WebhookWorkerModule } from '../webhooks/webhook-worker.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { WebhooksService } from '../webhooks/webhooks.service';
import { DeliveryService } from './delivery.service';
import { QueueReconciler } from './queue-reconciler.service';
import { SubmissionProcessor } from './submission.processor';

/** The worker side: consumes the queue and delivers to the configured staff channels. */
@Module({
  imports: [
    SubmissionsModule,
    ApiKeyModule,
    QueueModule,
    WebhooksModule,
    WebhookWorkerModule,
    ConversationsModule,
    MailModule,
    RatingsModule,
  ],
  providers: [
    {
      provide: STAFF_CHANNELS,
      inject: [AppConfig, WebhooksService, SmtpMailer],
      useFactory: ({ staff }: AppConfig, webhooks: WebhooksService, mailer: SmtpMailer): StaffChannel[] => {
        if (staff.noChannel) {
          return [new NoChannel()];
        }
        // Webhooks always: destinations added with `webhooks add` need no setting to be reached. With no
        // channel configured at all, that is the whole of it: staff work in the console (the inbox).
        const channels: StaffChannel[] = [new WebhooksChannel(webhooks)];
        if (staff.smtpUrl && staff.emailTo) {
          channels.push(new EmailChannel(mailer, staff.emailTo, staff.emailFrom ?? 'contact-intake@localhost'));
        }
        return channels;
      },
    },
    DeliveryService,
    SubmissionProcessor,
    QueueReconciler,
  ],
})
export class DeliveryModule {}
