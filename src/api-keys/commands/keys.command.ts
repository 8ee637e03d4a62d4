import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { CLI_ACTOR } from '../../audit/actor';
import { printLine } from '../../cli-output';
import { ApiKeyService, mailSettingsOf, RateLimitSettings } from '../api-key.service';
import { toApiKeyView } from '../dto/api-key.views';

const positiveInt =
  (name: string) =>
  (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1) {
      throw new Error(`${name} must be a whole number of at least 1`);
    }
    return Number(value);
  };

interface LimitOptions {
  rateLimit?: number;
  rateWindow?: number;
  rateBlock?: number;
}

/** Declares the rate-limit flags once for the subcommands that take them. */
abstract class LimitFlags extends CommandRunner {
  @Option({ flags: '--rate-limit <n>', description: 'requests allowed per window' })
  parseRateLimit(value: string): number {
    return positiveInt('--rate-limit')(value);
  }

  @Option({ flags: '--rate-window <seconds>', description: 'length of the rate-limit window' })
  parseRateWindow(value: string): number {
    return positiveInt('--rate-window')(value);
  }

  @Option({
    flags: '--rate-block <seconds>',
    description: 'how long a key that went over stays blocked (default: its window)',
  })
  parseRateBlock(value: string): number {
    return positiveInt('--rate-block')(value);
  }
}

@SubCommand({ name: 'create', description: 'create an API key and print it once' })
export class CreateKeyCommand extends LimitFlags {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  async run(_args: string[], options: LimitOptions & { name?: string; json?: boolean }): Promise<void> {
    if (!options.name) {
      throw new Error('--name is required (1 to 100 characters)');
    }
    const { apiKey, key } = await this.apiKeys.create(options.name, options, CLI_ACTOR);
    if (options.json) {
      printLine(
        JSON.stringify({
          id: apiKey.id,
          name: apiKey.name,
          key,
          rate_limit: apiKey.rateLimit,
          rate_window: apiKey.rateWindow,
        }),
      );
      return;
    }
    printLine(`Created API key ${apiKey.id} (${apiKey.name})`);
    printLine(`  key:         ${key}`);
    printLine(
      `  rate limit:  ${apiKey.rateLimit} requests per ${apiKey.rateWindow} s, blocked ${apiKey.rateBlock ?? apiKey.rateWindow} s when over`,
    );
    printLine('Store the key now: it is not shown again.');
  }

  @Option({ flags: '--name <name>', description: 'who the key is for', required: true })
  parseName(value: string): string {
    return value;
  }

  @Option({ flags: '--json', description: 'print one JSON line' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({ name: 'list', description: 'list API keys (never the keys themselves)' })
export class ListKeysCommand extends CommandRunner {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  async run(_args: string[], options: { json?: boolean }): Promise<void> {
    const keys = await this.apiKeys.list();
    if (options.json) {
      printLine(JSON.stringify(keys.map(toApiKeyView)));
      return;
    }
    if (keys.length === 0) {
      printLine('No API keys.');
      return;
    }
    for (const key of keys) {
      const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
      const limits = `${key.rateLimit}/${key.rateWindow}s block ${key.rateBlock ?? key.rateWindow}s`;
      printLine(`${key.id}  ${key.prefix}…  ${key.name}  ${limits}  ${state}`);
    }
  }

  @Option({ flags: '--json', description: 'print JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({
  name: 'revoke',
  arguments: '<id>',
  description: 'revoke an API key (its tokens stop working within seconds)',
})
export class RevokeKeyCommand extends CommandRunner {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  async run([id]: string[]): Promise<void> {
    const { apiKey, revokedNow } = await this.apiKeys.revoke(id, CLI_ACTOR);
    printLine(
      revokedNow
        ? `Revoked API key ${apiKey.id} (${apiKey.name})`
        : `API key ${apiKey.id} (${apiKey.name}) was already revoked on ${apiKey.revokedAt!.toISOString()}`,
    );
  }
}

@SubCommand({ name: 'set-limit', arguments: '<id>', description: "change a key's rate limit (applies within 5 s)" })
export class SetKeyLimitCommand extends LimitFlags {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  async run([id]: string[], options: LimitOptions): Promise<void> {
    const limits: RateLimitSettings = options;
    if (limits.rateLimit === undefined && limits.rateWindow === undefined && limits.rateBlock === undefined) {
      throw new Error('give at least one of --rate-limit, --rate-window, --rate-block');
    }
    const apiKey = await this.apiKeys.update(id, limits, CLI_ACTOR);
    printLine(
      `API key ${apiKey.id}: ${apiKey.rateLimit} requests per ${apiKey.rateWindow} s, blocked ${apiKey.rateBlock ?? apiKey.rateWindow} s when over`,
    );
  }
}

@SubCommand({
  name: 'set-retention',
  arguments: '<id> <days>',
  description:
    "how long a key's closed and spam submissions are kept: DAYS, `off` (forever) or `default` (RETENTION_DAYS)",
})
export class SetKeyRetentionCommand extends CommandRunner {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  async run([id, days]: string[]): Promise<void> {
    const retentionDays = days === 'off' ? 0 : days === 'default' ? null : /^\d{1,5}$/.test(days) ? Number(days) : NaN;
    if (Number.isNaN(retentionDays) || (retentionDays !== null && retentionDays > 36_500)) {
      throw new Error('days must be a number of days (0-36500), `off` or `default`');
    }
    const apiKey = await this.apiKeys.update(id, { retentionDays }, CLI_ACTOR);
    const kept =
      apiKey.retentionDays === null
        ? 'as RETENTION_DAYS says'
        : apiKey.retentionDays === 0
          ? 'forever'
          : `${apiKey.retentionDays} days`;
    printLine(`API key ${apiKey.id}: closed and spam submissions kept ${kept}`);
  }
}

@SubCommand({
  name: 'set-spam-filter',
  arguments: '<id> <on|off>',
  description: "whether the intake's spam checks run for this key's submissions (on by default)",
})
export class SetKeySpamFilterCommand extends CommandRunner {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  run([id, state]: string[]): Promise<void> {
    return setSwitch(this.apiKeys, id, state, 'spamFilter', 'spam filter');
  }
}

@SubCommand({
  name: 'set-csat',
  arguments: '<id> <on|off>',
  description: "whether closing this key's submissions mails the requester a satisfaction survey (off by default)",
})
export class SetKeyCsatCommand extends CommandRunner {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  run([id, state]: string[]): Promise<void> {
    return setSwitch(this.apiKeys, id, state, 'csat', 'satisfaction survey');
  }
}

/** `keys set-... <id> on|off`: turns one of a key's switches on or off, and says how it stands. */
async function setSwitch(
  apiKeys: ApiKeyService,
  id: string,
  state: string,
  field: 'spamFilter' | 'csat',
  label: string,
): Promise<void> {
  if (state !== 'on' && state !== 'off') {
    throw new Error('say `on` or `off`');
  }
  const apiKey = await apiKeys.update(id, { [field]: state === 'on' }, CLI_ACTOR);
  printLine(`API key ${apiKey.id}: ${label} ${apiKey[field] ? 'on' : 'off'}`);
}

@SubCommand({
  name: 'set-reply-from',
  arguments: '<id>',
  description: "who replies and acknowledgements to this key's requesters come from (--clear: REPLY_FROM)",
})
export class SetKeyReplyFromCommand extends CommandRunner {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  async run([id]: string[], options: { address?: string; name?: string; clear?: boolean }): Promise<void> {
    const reply_from = options.clear
      ? null
      : { address: options.address, ...(options.name ? { name: options.name } : {}) };
    const apiKey = await this.apiKeys.update(id, mailSettingsOf({ reply_from }), CLI_ACTOR);
    printLine(
      `API key ${apiKey.id}: replies come from ${apiKey.replyFromAddress ? `${apiKey.replyFromName ?? ''} <${apiKey.replyFromAddress}>`.trim() : 'REPLY_FROM'}`,
    );
  }

  @Option({ flags: '--address <address>', description: 'the sender address' })
  parseAddress(value: string): string {
    return value;
  }

  @Option({ flags: '--name <name>', description: 'the sender name' })
  parseName(value: string): string {
    return value;
  }

  @Option({ flags: '--clear', description: 'back to REPLY_FROM' })
  parseClear(): boolean {
    return true;
  }
}

@SubCommand({
  name: 'set-auto-ack',
  arguments: '<id>',
  description: "the automatic acknowledgement of this key's submissions ({{name}}, {{ref}}); --off: none",
})
export class SetKeyAutoAckCommand extends CommandRunner {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  async run([id]: string[], options: { subject?: string; body?: string; off?: boolean }): Promise<void> {
    const auto_ack = options.off ? null : { subject: options.subject, body: options.body };
    const apiKey = await this.apiKeys.update(id, mailSettingsOf({ auto_ack }), CLI_ACTOR);
    printLine(
      `API key ${apiKey.id}: ${apiKey.autoAckSubject ? `acknowledges with "${apiKey.autoAckSubject}"` : 'sends no acknowledgement'}`,
    );
  }

  @Option({ flags: '--subject <subject>', description: 'subject template, e.g. "We got it [#{{ref}}]"' })
  parseSubject(value: string): string {
    return value;
  }

  @Option({ flags: '--body <body>', description: 'body template, e.g. "Hello {{name}}, ..."' })
  parseBody(value: string): string {
    return value;
  }

  @Option({ flags: '--off', description: 'no acknowledgement' })
  parseOff(): boolean {
    return true;
  }
}

@Command({
  name: 'keys',
  description: 'manage API keys',
  subCommands: [
    CreateKeyCommand,
    ListKeysCommand,
    RevokeKeyCommand,
    SetKeyLimitCommand,
    SetKeyRetentionCommand,
    SetKeyReplyFromCommand,
    SetKeyAutoAckCommand,
    SetKeySpamFilterCommand,
    SetKeyCsatCommand,
  ],
})
export class KeysCommand extends CommandRunner {
  run(): Promise<void> {
    this.command.help();
  }
}
