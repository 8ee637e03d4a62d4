import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { CannedRepliesController } from './canned-replies.controller';
import { CannedRepliesRepository } from './canned-replies.repository';
import { CannedRepliesService } from './canned-replies.service';
import { CannedReplyEntity } from './entities/canned-reply.entity';

/** Canned replies and their staff routes (the API process only). */
@Module({
  imports: [TypeOrmModule.forFeature([CannedReplyEntity]), AuditModule],
  controllers: [CannedRepliesController],
  providers: [CannedRepliesRepository, CannedRepliesService],
})
export class CannedRepliesModule {}
