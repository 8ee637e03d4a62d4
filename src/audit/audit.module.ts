import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventEntity } from './audit-event.entity';
import { AuditEventsRepository } from './audit-events.repository';
import { AuditService } from './audit.service';

/** The append-only audit trail, for every module that changes something on someone's behalf. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEventEntity])],
  providers: [AuditEventsRepository, AuditService],
  exports: [AuditService],
})
export class AuditModule {}
