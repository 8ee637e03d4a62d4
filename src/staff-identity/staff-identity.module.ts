import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { MailModule } from '../mail/mail.module';
import { SecondFactorGate } from '../staff-accounts/second-factor-gate';
import { StaffAccountsModule, StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { TWO_FACTOR_COMMANDS } from './commands/two-factor.command';
import { StaffPasskeyEntity } from './entities/staff-passkey.entity';
import { StaffRecoveryCodeEntity } from './entities/staff-recovery-code.entity';
import { PasskeysController } from './passkeys.controller';
import { PasskeysService } from './passkeys.service';
import { StaffPasskeysRepository } from './staff-passkeys.repository';
import { StaffTotpEntity } from './entities/staff-totp.entity';
import { SecondFactorController } from './second-factor.controller';
import { SecondFactorNotices } from './second-factor-notices';
import { SingleSignOnController } from './single-sign-on.controller';
import { SingleSignOnService } from './single-sign-on.service';
import { StaffSessionsAdminService } from './staff-sessions-admin.service';
import { StaffSessionsAdminController, StaffSessionsController } from './staff-sessions.controller';
import { StaffTotpRepository } from './staff-totp.repository';
import { TotpService } from './totp.service';

/** Second factors (authenticator apps and recovery codes): their rows and rules (API and CLI). */
@Module({
  imports: [
    TypeOrmModule.forFeature([StaffTotpEntity, StaffRecoveryCodeEntity, StaffPasskeyEntity]),
    AuditModule,
    MailModule,
  ],
  providers: [StaffTotpRepository, TotpService, StaffPasskeysRepository, SecondFactorNotices],
  exports: [TotpService, StaffPasskeysRepository, SecondFactorNotices],
})
export class StaffIdentityModule {}

/**
 * Their routes and the sessions' (the API), and the verdict sign-in asks for: registered with staff-accounts'
 * SecondFactorGate, so staff-accounts knows no table of ours.
 */
@Module({
  imports: [StaffIdentityModule, StaffAuthModule, StaffAccountsModule, AuditModule],
  controllers: [
    SecondFactorController,
    StaffSessionsController,
    StaffSessionsAdminController,
    SingleSignOnController,
    PasskeysController,
  ],
  providers: [StaffSessionsAdminService, SingleSignOnService, PasskeysService],
})
export class StaffIdentityRoutesModule implements OnModuleInit {
  constructor(
    private readonly gate: SecondFactorGate,
    private readonly totp: TotpService,
    private readonly passkeys: PasskeysService,
  ) {}

  onModuleInit(): void {
    this.gate.register({
      methodsOf: async (accountId) => {
        const [totp, passkey] = await Promise.all([this.totp.methodsOf(accountId), this.passkeys.hasAny(accountId)]);
        return passkey ? ['passkey', ...totp] : totp;
      },
    });
  }
}

/** `two-factor reset`: the operator's break-glass door (the CLI). */
@Module({ imports: [StaffIdentityModule, StaffAccountsModule], providers: [...TWO_FACTOR_COMMANDS] })
export class StaffIdentityCommandsModule {}
