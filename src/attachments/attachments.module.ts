import { Module } from '@nestjs/common';
import { AttachmentsPersonalData } from './attachments-personal-data';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttachmentMetrics } from './attachment-metrics';
import { AttachmentStore } from './attachment-store';
import { AttachmentsController } from './attachments.controller';
import { AttachmentsRepository } from './attachments.repository';
import { UploadsController } from './uploads.controller';
import { AttachmentChunkEntity } from './entities/attachment-chunk.entity';
import { AttachmentEntity } from './entities/attachment.entity';

/** Stored files: their rows, pieces and store (API, worker, CLI: conversations, inbound and privacy use it). */
@Module({
  imports: [TypeOrmModule.forFeature([AttachmentEntity, AttachmentChunkEntity])],
  providers: [AttachmentsRepository, AttachmentStore, AttachmentsPersonalData],
  exports: [AttachmentsRepository, AttachmentStore],
})
export class AttachmentsModule {}

/** GET /staff/api/attachments/:id, POST /staff/api/uploads, and the gauge of bytes kept (the API process only: every process would report the same whole). */
@Module({
  imports: [AttachmentsModule],
  controllers: [AttachmentsController, UploadsController],
  providers: [AttachmentMetrics],
})
export class AttachmentRoutesModule {}
