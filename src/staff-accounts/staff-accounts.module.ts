import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { RateLimitModule } from '../rate-limits/rate-limit.module';
import { StaffAccountEntity } from './entities/staff-account.entity';
import { StaffTokenEntity } from './entities/staff-token.entity';
import { StaffTokensRepository } from './staff-tokens.repository';
import { StaffTokensService } from './staff-tokens.service';
import { StaffAuthGuard } from './guards/staff-auth.guard';
import { StaffAdminController } from './staff-admin.controller';
import { StaffAuthController } from './staff-auth.controller';
import { StaffAuthService } from './staff-auth.service';
import { StaffSessionsService } from './staff-sessions.service';
import { StaffAccountsRepository } from './staff-accounts.repository';
import { StaffAccountsService } from './staff-accounts.service';

@Module({
  imports: [TypeOrmModule.forFeature([StaffAccountEntity, StaffTokenEntity]), AuditModule],
  providers: [StaffAccountsRepository, StaffAccountsService, StaffTokensRepository, StaffTokensService],
  exports: [StaffAccountsService, StaffAccountsRepository, StaffTokensService],
})
export class StaffAccountsModule {}

/** Staff sign-in, sessions and the admin routes over accounts (the API only: sessions live in Redis). */
@Module({
  imports: [StaffAccountsModule, RateLimitModule, AuditModule],
  controllers: [StaffAuthController, StaffAdminController],
  providers: [StaffSessionsService, StaffAuthService, StaffAuthGuard],
  // The guard's dependencies go with it: every module with staff routes imports this one.
  exports: [StaffAuthService, StaffAuthGuard, RateLimitModule],
})
export class StaffAuthModule {}
