import { Module } from '@nestjs/common';
import { StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { AuditController } from './audit.controller';
import { AuditModule } from './audit.module';

/** GET /staff/api/audit (the API process only). */
@Module({
  imports: [AuditModule, StaffAuthModule],
  controllers: [AuditController],
})
export class AuditRoutesModule {}
