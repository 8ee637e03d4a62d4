import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditModule } from './audit.module';

/** GET /staff/api/audit (the API process only). */
@Module({
  imports: [AuditModule],
  controllers: [AuditController],
})
export class AuditRoutesModule {}
