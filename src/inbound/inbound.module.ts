import { Module } from '@nestjs/common';
import { AttachmentsModule } from '../attachments/attachments.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyModule } from '../api-keys/api-key.module';
import { IntakeModule } from '../contact/contact.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { InboundUnmatchedEntity } from './entities/inbound-unmatched.entity';
import { InboundMatcher } from './inbound-matcher';
import { InboundMailHandler } from './inbound-mail-handler';
import { MailModule } from '../mail/mail.module';
import { QueueModule } from '../queue/queue.module';
import { InboundAdmission } from './inbound-admission';
import { InboundRouteService } from './inbound-route.service';
import { InboundUnmatchedRepository } from './inbound-unmatched.repository';
import { InboundController } from './inbound.controller';
import { InboundService } from './inbound.service';
import { MailSubmissions } from './mail-submissions';
import { UnmatchedMail } from './unmatched-mail';

/** Matching inbound mail to its submission, and what happens then (API for the route, worker for IMAP). */
@Module({
  imports: [
    TypeOrmModule.forFeature([InboundUnmatchedEntity]),
    AttachmentsModule,
    ConversationsModule,
    SubmissionsModule,
    IntakeModule,
    ApiKeyModule,
    MailModule,
    QueueModule,
  ],
  providers: [
    InboundMatcher,
    InboundService,
    UnmatchedMail,
    MailSubmissions,
    InboundUnmatchedRepository,
    InboundMailHandler,
  ],
  exports: [InboundService, InboundUnmatchedRepository],
})
export class InboundModule {}

/** POST /inbound/email and the unmatched list (API process). */
@Module({
  imports: [InboundModule, MailModule],
  controllers: [InboundController],
  providers: [InboundRouteService, InboundAdmission],
})
export class InboundRoutesModule {}
