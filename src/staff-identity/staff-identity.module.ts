import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { MailModule } from '../mail/mail.module';
import { SecondFactorGate } from '../staff-accounts/second-factor-gate';
import { StaffAuthModule } from '../staff-accounts/staff-accounts.module';
import { SubmissionsModule } from '../submissions/submissions.module';
import { StaffRecoveryCodeEntity } from './entities/staff-recovery-code.entity';
import { StaffTotpEntity } from './entities/staff-totp.entity';
import { SecondFactorController } from './second-factor.controller';
import { StaffTotpRepository } from './staff-totp.repository';
import { TotpService } from './totp.service';

/**
 * Second factors (authenticator apps and recovery codes): their routes, and the verdict sign-in asks
 * for (registered with staff-accounts' SecondFactorGate, so staff-accounts knows no table of ours).
 */
@Module({
  // SubmissionsModule lends the cipher (one FieldCipher for every room that seals).
  imports: [
    TypeOrmModule.forFeature([StaffTotpEntity, StaffRecoveryCodeEntity]),
    StaffAuthModule,
    AuditModule,
    MailModule,
    SubmissionsModule,
  ],
  controllers: [SecondFactorController],
  providers: [StaffTotpRepository, TotpService],
  exports: [TotpService],
})
export class StaffIdentityModule implements OnModuleInit {
  constructor(
    private readonly gate: SecondFactorGate,
    private readonly totp: TotpService,
  ) {}

  onModuleInit(): void {
    this.gate.register({ methodsOf: (accountId) => this.totp.methodsOf(accountId) });
  }
}
