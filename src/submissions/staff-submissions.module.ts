import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { StaffAccountsModule, StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { StaffSubmissionsController } from './staff-submissions.controller';
import { StaffSubmissionsService } from './staff-submissions.service';
import { SubmissionsModule } from './submissions.module';

/** The staff API over submissions (the API process only). */
@Module({
  imports: [SubmissionsModule, StaffAccountsModule, StaffAuthModule, AuditModule],
  controllers: [StaffSubmissionsController],
  providers: [StaffSubmissionsService],
  exports: [StaffSubmissionsService],
})
export class StaffSubmissionsModule {}
