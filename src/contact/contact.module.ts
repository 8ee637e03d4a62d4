import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { QueueModule } from '../queue/queue.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';
import { SubmissionEntity } from './entities/submission.entity';
import { SubmissionDispatcher } from './submission-dispatcher.service';

@Module({
  imports: [TypeOrmModule.forFeature([SubmissionEntity]), AuthModule, RateLimitModule, QueueModule],
  controllers: [ContactController],
  providers: [ContactService, SubmissionDispatcher],
  exports: [SubmissionDispatcher],
})
export class ContactModule {}
