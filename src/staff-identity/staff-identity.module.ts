import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { MailModule } from '../mail/mail.module';
import { SecondFactorGate } from '../staff-accounts/second-factor-gate';
import { StaffAccountsModule, StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { TWO_FACTOR_COMMANDS } from './commands/two-factor.command';
import { StaffRecoveryCodeEntity } from './entities/staff-recovery-code.entity';
import { StaffTotpEntity } from './entities/staff-totp.entity';
import { SecondFactorController } from './second-factor.controller';
import { SingleSignOnController } from './single-sign-on.controller';
import { SingleSignOnService } from './single-sign-on.service';
import { StaffSessionsAdminService } from './staff-sessions-admin.service';
import { StaffSessionsAdminController, StaffSessionsController } from './staff-sessions.controller';
import { StaffTotpRepository } from './staff-totp.repository';
import { TotpService } from './totp.service';

/** Second factors (authenticator apps and recovery codes): their rows and rules (API and CLI). */
@Module({
  // SubmissionsModule lends the cipher (one FieldCipher for every room that seals).
  imports: [
    TypeOrmModule.forFeature([StaffTotpEntity, StaffRecoveryCodeEntity]),
    AuditModule,
    MailModule,
    SubmissionsModule,
  ],
  providers: [StaffTotpRepository, TotpService],
  exports: [TotpService],
})
export class StaffIdentityModule {}

/**
 * Their routes and the sessions' (the API), and the verdict sign-in asks for: registered with staff-accounts'
 * SecondFactorGate, so staff-accounts knows no table of ours.
 */
@Module({
  imports: [StaffIdentityModule, StaffAuthModule, StaffAccountsModule, AuditModule],
  controllers: [SecondFactorController, StaffSessionsController, StaffSessionsAdminController, SingleSignOnController],
  providers: [StaffSessionsAdminService, SingleSignOnService],
})
export class StaffIdentityRoutesModule implements OnModuleInit {
  constructor(
    private readonly gate: SecondFactorGate,
    private readonly totp: TotpService,
  ) {}

  onModuleInit(): void {
    this.gate.register({ methodsOf: (accountId) => this.totp.methodsOf(accountId) });
  }
}

/** `two-factor reset`: the operator's break-glass door (the CLI). */
@Module({ imports: [StaffIdentityModule, StaffAccountsModule], providers: [...TWO_FACTOR_COMMANDS] })
export class StaffIdentityCommandsModule {}
