import { Command, CommandRunner, SubCommand } from 'nest-commander';
import { CLI_ACTOR } from '../../audit/actor';
import { JsonFlag, printLine } from '../../cli-output';
import { StaffAccountsService } from '../../staff-accounts/staff-accounts.service';
import { TotpService } from '../totp.service';

@SubCommand({
  name: 'reset',
  arguments: '<account-id>',
  description:
    "remove an account's authenticator app and recovery codes (a lost phone); audited, and the account is told by mail",
})
export class ResetTwoFactorCommand extends JsonFlag {
  constructor(
    private readonly accounts: StaffAccountsService,
    private readonly totp: TotpService,
  ) {
    super();
  }

  async run([id]: string[], options: { json?: boolean }): Promise<void> {
    const account = await this.accounts.get(id);
    const removed = await this.totp.reset(account, CLI_ACTOR);
    printLine(
      options.json
        ? JSON.stringify({ id: account.id, email: account.email, removed })
        : removed
          ? `Second factors of ${account.email} removed: the password alone signs in until one is set up again`
          : `${account.email} has no second factor`,
    );
  }
}

@Command({ name: 'two-factor', description: "staff accounts' second factors", subCommands: [ResetTwoFactorCommand] })
export class TwoFactorCommand extends CommandRunner {
  run(): Promise<void> {
    this.command.help();
  }
}

export const TWO_FACTOR_COMMANDS = [TwoFactorCommand, ResetTwoFactorCommand];
