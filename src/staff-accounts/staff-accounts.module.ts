import { Global, Module } from '@nestjs/common';
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
import { StaffRouteAdmission } from './staff-route-admission';
import { STAFF_ADMISSION } from '../staff-auth/staff-admission';
import { StaffAdminController } from './staff-admin.controller';
import { StaffAuthController } from './staff-auth.controller';
import { StaffAuthService } from './staff-auth.service';
import { StaffSignIn } from './staff-sign-in.service';
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

/**
 * Staff sign-in, sessions and the admin routes over accounts (the API only: sessions live in Redis).
 * Global for one thing: STAFF_ADMISSION, which StaffAuthGuard (staff-auth/) asks on every staff route,
 * so a room with staff routes imports no module of staff-accounts/ for its guard (issue 54, point 5).
 */
@Global()
@Module({
  imports: [StaffAccountsModule, RateLimitModule, AuditModule, MailModule],
  controllers: [StaffAuthController, StaffAdminController],
  providers: [
    StaffSessionsService,
    StaffSignInLimits,
    StaffAuthService,
    StaffSignIn,
    StaffPasswordsService,
    StaffRouteAdmission,
    { provide: STAFF_ADMISSION, useExisting: StaffRouteAdmission },
    SecondFactorGate,
    StaffLoginChallenges,
  ],
  // The gate is where staff-identity/ registers its verdict on second factors.
  exports: [STAFF_ADMISSION, StaffAuthService, StaffSignIn, RateLimitModule, SecondFactorGate, StaffSessionsService],
})
export class StaffAuthModule {}
