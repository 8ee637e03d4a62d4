import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { CLI_ACTOR } from '../../audit/actor';
import { JsonFlag, printLine, printList } from '../../cli-output';
import { toStaffAccountAdminView } from '../dto/staff-account.views';
import { AccountWithPassword, StaffAccountsService } from '../staff-accounts.service';
import { DEFAULT_TOKEN_DAYS, StaffTokensService } from '../staff-tokens.service';

interface JsonOption {
  json?: boolean;
}
interface PasswordOptions extends JsonOption {
  passwordStdin?: boolean;
}

/** Everything on standard input, less one trailing newline (`echo "$PW" | ...`). */
async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** The one-time answer of `create` and `reset-password`. */
function printWithPassword(
  { account, password }: AccountWithPassword,
  json: boolean | undefined,
  action: string,
): void {
  if (json) {
    printLine(
      JSON.stringify({ id: account.id, email: account.email, name: account.name, role: account.role, password }),
    );
    return;
  }
  printLine(`${action} staff account ${account.id} (${account.email}, ${account.role})`);
  printLine(`  password: ${password}`);
  printLine('Hand the password over now: it is not shown again.');
}

/** Flags shared by the commands that set a password. */
abstract class PasswordFlags extends JsonFlag {
  @Option({ flags: '--password-stdin', description: 'read the password from standard input instead of generating one' })
  parsePasswordStdin(): boolean {
    return true;
  }

  protected async chosenPassword(options: PasswordOptions): Promise<string | undefined> {
    return options.passwordStdin ? readPasswordFromStdin() : undefined;
  }
}

@SubCommand({ name: 'create', description: 'create a staff account and print its password once' })
export class CreateStaffCommand extends PasswordFlags {
  constructor(private readonly accounts: StaffAccountsService) {
    super();
  }

  async run(_args: string[], options: PasswordOptions & { email: string; name: string; role: string }): Promise<void> {
    const created = await this.accounts.create(
      {
        email: options.email,
        name: options.name,
        role: options.role,
        password: await this.chosenPassword(options),
      },
      CLI_ACTOR,
    );
    printWithPassword(created, options.json, 'Created');
  }

  @Option({ flags: '--email <email>', description: 'sign-in address (unique, any letter case)', required: true })
  parseEmail(value: string): string {
    return value;
  }

  @Option({ flags: '--name <name>', description: 'display name', required: true })
  parseName(value: string): string {
    return value;
  }

  @Option({ flags: '--role <role>', description: 'admin or agent', required: true })
  parseRole(value: string): string {
    return value;
  }
}

@SubCommand({ name: 'reset-password', arguments: '<id>', description: 'set a new password and print it once' })
export class ResetStaffPasswordCommand extends PasswordFlags {
  constructor(private readonly accounts: StaffAccountsService) {
    super();
  }

  async run([id]: string[], options: PasswordOptions): Promise<void> {
    printWithPassword(
      await this.accounts.resetPassword(id, await this.chosenPassword(options), CLI_ACTOR),
      options.json,
      'Reset',
    );
  }
}

@SubCommand({ name: 'list', description: 'list staff accounts (never their passwords)' })
export class ListStaffCommand extends JsonFlag {
  constructor(private readonly accounts: StaffAccountsService) {
    super();
  }

  async run(_args: string[], options: JsonOption): Promise<void> {
    const accounts = (await this.accounts.list()).map(toStaffAccountAdminView);
    printList(accounts, options.json, 'No staff accounts.', (account) => {
      const state = account.disabled_at ? `disabled ${account.disabled_at}` : 'active';
      return `${account.id}  ${account.email}  ${account.name}  ${account.role}  ${state}`;
    });
  }
}

/** `staff disable ID` and `staff enable ID`. */
abstract class SetDisabledCommand extends JsonFlag {
  protected abstract readonly disabled: boolean;

  // Subclasses declare the constructor: Nest reads parameter types from the decorated class itself.
  constructor(private readonly accounts: StaffAccountsService) {
    super();
  }

  async run([id]: string[], options: JsonOption): Promise<void> {
    const account = await this.accounts.setDisabled(id, this.disabled, CLI_ACTOR);
    printLine(
      options.json
        ? JSON.stringify(toStaffAccountAdminView(account))
        : `Staff account ${account.id} (${account.email}) ${this.disabled ? 'disabled' : 'enabled'}`,
    );
  }
}

@SubCommand({ name: 'disable', arguments: '<id>', description: 'disable a staff account (it can no longer sign in)' })
export class DisableStaffCommand extends SetDisabledCommand {
  protected readonly disabled = true;

  constructor(accounts: StaffAccountsService) {
    super(accounts);
  }
}

@SubCommand({ name: 'enable', arguments: '<id>', description: 'enable a disabled staff account' })
export class EnableStaffCommand extends SetDisabledCommand {
  protected readonly disabled = false;

  constructor(accounts: StaffAccountsService) {
    super(accounts);
  }
}

/**
 * `--expires-in`: `30`, `30d` or `never` (null). Anything else is NaN, which the service refuses with
 * the message the CLI prints for every refusal.
 */
function expiryDaysOf(value: string): number | null {
  if (value === 'never') {
    return null;
  }
  const days = /^(\d{1,4})d?$/.exec(value);
  return days ? Number(days[1]) : NaN;
}

@SubCommand({ name: 'create', description: 'create a staff API token (printed once) for an account' })
export class CreateStaffTokenCommand extends JsonFlag {
  constructor(private readonly tokens: StaffTokensService) {
    super();
  }

  async run(_args: string[], options: JsonOption & { staff: string; name: string; expiresIn?: string }): Promise<void> {
    const { token, row } = await this.tokens.create(
      options.staff,
      options.name,
      CLI_ACTOR,
      expiryDaysOf(options.expiresIn ?? String(DEFAULT_TOKEN_DAYS)),
    );
    const expiresAt = row.expiresAt?.toISOString() ?? null;
    if (options.json) {
      printLine(
        JSON.stringify({ id: row.id, staff_id: row.staffAccountId, name: row.name, expires_at: expiresAt, token }),
      );
      return;
    }
    printLine(`Created staff token ${row.id} (${row.name}) for staff account ${row.staffAccountId}`);
    printLine(`  expires: ${expiresAt ?? 'never'}`);
    printLine(`  token: ${token}`);
    printLine('Store the token now: it is not shown again. Send it as Authorization: Bearer <token>.');
  }

  @Option({ flags: '--staff <id>', description: 'the staff account the token acts for', required: true })
  parseStaff(value: string): string {
    return value;
  }

  @Option({ flags: '--name <name>', description: 'what the token is for', required: true })
  parseName(value: string): string {
    return value;
  }

  @Option({
    flags: '--expires-in <days>',
    description: `days until the token stops working (1-3650, e.g. 30 or 30d), or "never"; default ${DEFAULT_TOKEN_DAYS}`,
  })
  parseExpiresIn(value: string): string {
    return value;
  }
}

@SubCommand({ name: 'list', description: 'list staff API tokens (never the tokens themselves)' })
export class ListStaffTokensCommand extends JsonFlag {
  constructor(private readonly tokens: StaffTokensService) {
    super();
  }

  async run(_args: string[], options: JsonOption & { staff?: string }): Promise<void> {
    const rows = (await this.tokens.list(options.staff)).map(({ token, state }) => ({
      id: token.id,
      staff_id: token.staffAccountId,
      name: token.name,
      prefix: token.prefix,
      created_at: token.createdAt.toISOString(),
      expires_at: token.expiresAt?.toISOString() ?? null,
      revoked_at: token.revokedAt?.toISOString() ?? null,
      state,
    }));
    printList(
      rows,
      options.json,
      'No staff tokens.',
      (row) =>
        `${row.id}  ${row.prefix}...  ${row.name}  staff ${row.staff_id}  ${row.state}  expires ${row.expires_at ?? 'never'}`,
    );
  }

  @Option({ flags: '--staff <id>', description: "only this staff account's tokens" })
  parseStaff(value: string): string {
    return value;
  }
}

@SubCommand({ name: 'revoke', arguments: '<id>', description: 'revoke a staff API token' })
export class RevokeStaffTokenCommand extends JsonFlag {
  constructor(private readonly tokens: StaffTokensService) {
    super();
  }

  async run([id]: string[], options: JsonOption): Promise<void> {
    const { row, revokedNow } = await this.tokens.revoke(id, CLI_ACTOR);
    printLine(
      options.json
        ? JSON.stringify({ id: row.id, revoked: true })
        : revokedNow
          ? `Revoked staff token ${row.id} (${row.name})`
          : `Staff token ${row.id} (${row.name}) was already revoked`,
    );
  }
}

@SubCommand({
  name: 'token',
  description: 'staff API tokens',
  subCommands: [CreateStaffTokenCommand, ListStaffTokensCommand, RevokeStaffTokenCommand],
})
export class StaffTokenCommand extends CommandRunner {
  run(): Promise<void> {
    this.command.help();
  }
}

@Command({
  name: 'staff',
  description: 'manage staff accounts',
  subCommands: [
    CreateStaffCommand,
    ListStaffCommand,
    DisableStaffCommand,
    EnableStaffCommand,
    ResetStaffPasswordCommand,
    StaffTokenCommand,
  ],
})
export class StaffCommand extends CommandRunner {
  run(): Promise<void> {
    this.command.help();
  }
}

export const STAFF_COMMANDS = [
  StaffCommand,
  CreateStaffCommand,
  ListStaffCommand,
  DisableStaffCommand,
  EnableStaffCommand,
  ResetStaffPasswordCommand,
  StaffTokenCommand,
  CreateStaffTokenCommand,
  ListStaffTokensCommand,
  RevokeStaffTokenCommand,
];
