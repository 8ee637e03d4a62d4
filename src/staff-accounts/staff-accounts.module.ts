import { Module } from '@nestjs/common';
import { SecondFactorGate } from './second-factor-gate';
import { StaffLoginChallenges } from './staff-login-challenges';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { MailModule } from '../mail/mail.module';
import { RateLimitModule } from '../rate-limits/rate-limit.module';
import { StaffAccountEntity } from './entities/staff-account.entity';
import { StaffPasswordResetEntity } from './entities/staff-password-reset.entity';
import { StaffTokenEntity } from './entities/staff-token.entity';
import { StaffTokensRepository } from './staff-tokens.repository';
import { StaffTokensService } from './staff-tokens.service';
import { StaffAuthGuard } from './guards/staff-auth.guard';
import { StaffAdminController } from './staff-admin.controller';
import { StaffAuthController } from './staff-auth.controller';
import { StaffAuthService } from './staff-auth.service';
import { StaffSessionsService } from './staff-sessions.service';
import { StaffPasswordResetsRepository } from './staff-password-resets.repository';
import { StaffPasswordsService } from './staff-passwords.service';
import { StaffSignInLimits } from './staff-sign-in-limits';
import { StaffAccountsRepository } from './staff-accounts.repository';
import { StaffAccountsService } from './staff-accounts.service';

@Module({
  imports: [TypeOrmModule.forFeature([StaffAccountEntity, StaffTokenEntity, StaffPasswordResetEntity]), AuditModule],
  providers: [
    StaffAccountsRepository,
    StaffAccountsService,
    StaffTokensRepository,
    StaffTokensService,
    StaffPasswordResetsRepository,
  ],
  exports: [StaffAccountsService, StaffAccountsRepository, StaffTokensService, StaffPasswordResetsRepository],
})
export class StaffAccountsModule {}

/** Staff sign-in, sessions and the admin routes over accounts (the API only: sessions live in Redis). */
@Module({
  imports: [StaffAccountsModule, RateLimitModule, AuditModule, MailModule],
  controllers: [StaffAuthController, StaffAdminController],
  providers: [
    StaffSessionsService,
    StaffSignInLimits,
    StaffAuthService,
    StaffPasswordsService,
    StaffAuthGuard,
    SecondFactorGate,
    StaffLoginChallenges,
  ],
  // The guard's dependencies go with it: every module with staff routes imports this one. The gate is
  // where staff-identity/ registers its verdict on second factors.
  exports: [StaffAuthService, StaffAuthGuard, RateLimitModule, SecondFactorGate, StaffSessionsService],
})
export class StaffAuthModule {}
