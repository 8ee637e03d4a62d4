import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { CLI_ACTOR } from '../../audit/actor';
import { printLine } from '../../cli-output';
import { ErasureLog } from '../erasure-log.service';
import { PrivacyService } from '../privacy.service';
import { RetentionService } from '../retention.service';

@SubCommand({ name: 'export', description: 'everything stored with an e-mail address, as JSON' })
export class ExportPersonalDataCommand extends CommandRunner {
  constructor(private readonly privacy: PrivacyService) {
    super();
  }

  async run(_args: string[], options: { email: string; out?: string }): Promise<void> {
    const exported = JSON.stringify(await this.privacy.export(options.email, CLI_ACTOR), null, 2);
    if (options.out) {
      // Only the owner may read a file full of someone's personal data.
      await writeFile(options.out, `${exported}\n`, { mode: 0o600 });
      printLine(`Written to ${options.out}`);
      return;
    }
    printLine(exported);
  }

  @Option({ flags: '--email <address>', description: 'the address (any letter case)', required: true })
  parseEmail(value: string): string {
    return value;
  }

  @Option({ flags: '--out <file>', description: 'write the JSON to this file (mode 600) instead of stdout' })
  parseOut(value: string): string {
    return value;
  }
}

@SubCommand({ name: 'erase', description: 'erase every submission with an e-mail address (asks first)' })
export class ErasePersonalDataCommand extends CommandRunner {
  constructor(
    private readonly privacy: PrivacyService,
    private readonly erasureLog: ErasureLog,
  ) {
    super();
  }

  async run(_args: string[], options: { email: string; yes?: boolean }): Promise<void> {
    const count = await this.privacy.countByEmail(options.email);
    if (!options.yes) {
      const prompt = createInterface({ input: process.stdin, output: process.stdout });
      const answer = await prompt.question(`Erase ${count} submission(s) with this address? [y/N] `);
      prompt.close();
      if (!/^y(es)?$/i.test(answer.trim())) {
        printLine('Nothing erased.');
        return;
      }
    }
    const { erased } = await this.privacy.erase(options.email, CLI_ACTOR);
    printLine(`Erased ${erased} submission(s).`);
    if (!this.erasureLog.keyIsShared) {
      printLine(
        'Warning: neither EMAIL_HASH_KEY nor JWT_SECRET is set, so the erasure log entry is hashed under a key ' +
          'made up for this command alone: a restored backup cannot have this erasure applied again. Set ' +
          "EMAIL_HASH_KEY (see Backups and restores in the operator's guide).",
      );
    }
  }

  @Option({ flags: '--email <address>', description: 'the address (any letter case)', required: true })
  parseEmail(value: string): string {
    return value;
  }

  @Option({ flags: '--yes', description: 'do not ask' })
  parseYes(): boolean {
    return true;
  }
}

@SubCommand({ name: 'purge', description: 'run retention now (what the daily job does)' })
export class PurgeCommand extends CommandRunner {
  constructor(private readonly retention: RetentionService) {
    super();
  }

  async run(): Promise<void> {
    const counts = await this.retention.run(CLI_ACTOR);
    printLine(`Deleted ${counts.submissions} submission(s) and ${counts.refresh_tokens} ended refresh token(s).`);
  }
}

@SubCommand({
  name: 'reencrypt',
  description: 'seal every row not yet sealed with the current DATA_ENCRYPTION_KEYS key (resumable)',
})
export class ReencryptCommand extends CommandRunner {
  constructor(private readonly privacy: PrivacyService) {
    super();
  }

  async run(_args: string[], options: { batch?: number }): Promise<void> {
    const moved = await this.privacy.reencrypt(CLI_ACTOR, options.batch ?? 500, (table, count) =>
      printLine(`${table}: ${count} moved so far`),
    );
    printLine(
      `Moved ${moved.submissions} submission(s), ${moved.submission_notes} note(s) and ` +
        `${moved.webhook_destinations} webhook destination(s) to the current key.`,
    );
    if (moved.conversation_messages + moved.inbound_unmatched > 0) {
      printLine(
        `Moved ${moved.conversation_messages} conversation message(s) and ${moved.inbound_unmatched} unmatched ` +
          'inbound message(s) to the current key.',
      );
    }
    if (moved.unreadable > 0) {
      printLine(`${moved.unreadable} row(s) cannot be decrypted and were left as they are.`);
    }
  }

  @Option({ flags: '--batch <rows>', description: 'rows read per query (default 500)' })
  parseBatch(value: string): number {
    const rows = Number(value);
    if (!Number.isInteger(rows) || rows < 1 || rows > 10_000) {
      throw new Error('--batch: a whole number from 1 to 10000');
    }
    return rows;
  }
}

@SubCommand({
  name: 'erasure-log',
  description: 'the erasure log (keyed hashes only) as JSON lines, to keep apart from database backups',
})
export class ErasureLogCommand extends CommandRunner {
  constructor(private readonly erasureLog: ErasureLog) {
    super();
  }

  async run(_args: string[], options: { out?: string }): Promise<void> {
    const lines = await this.erasureLog.export();
    if (options.out) {
      await writeFile(options.out, lines.join(''), { mode: 0o600 });
      printLine(`Written ${lines.length} erasure(s) to ${options.out}`);
      return;
    }
    process.stdout.write(lines.join(''));
  }

  @Option({ flags: '--out <file>', description: 'write the lines to this file (mode 600) instead of stdout' })
  parseOut(value: string): string {
    return value;
  }
}

@SubCommand({
  name: 'reapply-erasures',
  description: 'apply again the erasures a restored database lacks (from ERASURE_LOG_FILE and --from)',
})
export class ReapplyErasuresCommand extends CommandRunner {
  constructor(private readonly erasureLog: ErasureLog) {
    super();
  }

  async run(_args: string[], options: { from?: string }): Promise<void> {
    if (!options.from && !this.erasureLog.mirrored) {
      throw new Error('nothing to read: give --from FILE (an export of privacy erasure-log) or set ERASURE_LOG_FILE');
    }
    const offered = options.from ? await this.erasureLog.read(options.from) : { entries: [], malformed: 0 };
    const result = await this.erasureLog.reapply(CLI_ACTOR, offered.entries, offered.malformed);
    printLine(`Applied ${result.applied} erasure(s) again: ${result.erased} submission(s) erased.`);
    if (result.malformed > 0) {
      printLine(`${result.malformed} line(s) are not erasure log entries and were left out.`);
    }
    if (result.unknownKey > 0) {
      // An exit status of its own: a restore runbook must not read this as done.
      throw new Error(
        `${result.unknownKey} erasure(s) were hashed under a key this installation does not have and were ` +
          'not applied: ' +
          (this.erasureLog.keyIsShared
            ? 'set the EMAIL_HASH_KEY (or JWT_SECRET) they were made under and run this again'
            : 'neither EMAIL_HASH_KEY nor JWT_SECRET is set, so each process makes up its own key; set the ones ' +
              'they were made under and run this again'),
      );
    }
  }

  @Option({ flags: '--from <file>', description: 'an export of privacy erasure-log (besides ERASURE_LOG_FILE)' })
  parseFrom(value: string): string {
    return value;
  }
}

@Command({
  name: 'privacy',
  description: 'personal data: export, erase, retention, re-encryption, the erasure log',
  subCommands: [
    ExportPersonalDataCommand,
    ErasePersonalDataCommand,
    PurgeCommand,
    ReencryptCommand,
    ErasureLogCommand,
    ReapplyErasuresCommand,
  ],
})
export class PrivacyCommand extends CommandRunner {
  run(): Promise<void> {
    this.command.help();
    return Promise.resolve();
  }
}

export const PRIVACY_COMMANDS = [
  PrivacyCommand,
  ExportPersonalDataCommand,
  ErasePersonalDataCommand,
  PurgeCommand,
  ReencryptCommand,
  ErasureLogCommand,
  ReapplyErasuresCommand,
];
