import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConversationsPersonalData } from './conversations-personal-data';
import { AttachmentsModule } from '../attachments/attachments.module';
import { AuditModule } from '../audit/audit.module';
import { QueueModule } from '../queue/queue.module';
import { StaffAccountsModule } from '../staff-accounts/staff-accounts.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { ConversationsController } from './conversations.controller';
import { ConversationMerges } from './conversation-merges';
import { ConversationNotices } from './conversation-notices';
import { ConversationTimeline } from './conversation-timeline';
import { ConversationReplies } from './conversation-replies.service';
import { CustomerMessages } from './customer-messages.service';
import { MessageBounces } from './message-bounces.service';
import { MessageJobs } from './message-jobs';
import { MessageRetries } from './message-retries.service';
import { ReplyRows } from './reply-rows';
import { ConversationMessageEntity } from './entities/conversation-message.entity';
import { StaffNoticeEntity } from './entities/staff-notice.entity';
import { StaffNoticesRepository } from './staff-notices.repository';
import { ThreadIds } from './thread-ids';
import { ReturnPaths } from './return-paths';
import { AckThrottle } from './ack-throttle';
import { Acknowledgements } from './acknowledgements.service';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { MailModule } from '../mail/mail.module';
import { ConversationMailer } from './conversation-mailer.service';
import { RequesterMailSenders } from './requester-mail-senders';
import { StaffNoticeMailer } from './staff-notice-mailer';
import { SurveyMailer } from './survey-mailer';
import { SendMessageProcessor, SendSurveyProcessor } from './send-message.processor';
import { RatingsModule } from '../ratings/ratings.module';

/** A submission's conversation: its messages, threading ids, replies and the timeline (API, worker, CLI). */
@Module({
  imports: [
    TypeOrmModule.forFeature([ConversationMessageEntity, StaffNoticeEntity]),
    AttachmentsModule,
    SubmissionsModule,
    StaffAccountsModule,
    AuditModule,
    QueueModule,
  ],
  providers: [
    ConversationMessagesRepository,
    StaffNoticesRepository,
    ConversationReplies,
    ReplyRows,
    MessageRetries,
    MessageJobs,
    CustomerMessages,
    MessageBounces,
    ConversationTimeline,
    ConversationNotices,
    ConversationMerges,
    ThreadIds,
    ReturnPaths,
    ConversationsPersonalData,
  ],
  exports: [
    ConversationMessagesRepository,
    StaffNoticesRepository,
    ConversationReplies,
    MessageRetries,
    CustomerMessages,
    MessageBounces,
    MessageJobs,
    ThreadIds,
    ReturnPaths,
  ],
})
export class ConversationsModule {}

/** Automatic acknowledgements (worker process: their throttle is in Redis). */
@Module({
  imports: [ConversationsModule, SubmissionsModule, ApiKeyModule],
  providers: [Acknowledgements, AckThrottle],
  exports: [Acknowledgements],
})
export class AcknowledgementsModule {}

/** Sending outgoing messages, and the satisfaction surveys ratings/ words (worker process). */
@Module({
  imports: [
    ConversationsModule,
    AcknowledgementsModule,
    AttachmentsModule,
    SubmissionsModule,
    ApiKeyModule,
    MailModule,
    StaffAccountsModule,
    RatingsModule,
  ],
  providers: [
    ConversationMailer,
    StaffNoticeMailer,
    SurveyMailer,
    RequesterMailSenders,
    SendMessageProcessor,
    SendSurveyProcessor,
  ],
})
export class ConversationWorkerModule {}

/** The staff routes of conversations (API process). */
@Module({ imports: [ConversationsModule], controllers: [ConversationsController] })
export class ConversationRoutesModule {}
