import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { printLine, printList } from '../../cli-output';
import { SUBMISSION_STATES, SubmissionState } from '../../submissions/lifecycle/submission-state';
import { SubmissionsService } from '../../submissions/lifecycle/submissions.service';
import { RedeliveryService } from '../redelivery.service';

@SubCommand({ name: 'list', description: 'list the newest submissions (no message bodies)' })
export class ListSubmissionsCommand extends CommandRunner {
  constructor(private readonly submissions: SubmissionsService) {
    super();
  }

  async run(_args: string[], options: { state?: SubmissionState; json?: boolean; limit?: number }): Promise<void> {
    const rows = await this.submissions.list(options.state, options.limit);
    const shown = rows.map((row) => ({
      id: row.id,
      state: row.state,
      attempts: row.attempts,
      api_key_id: row.apiKeyId,
      created_at: row.createdAt.toISOString(),
      processed_at: row.processedAt?.toISOString() ?? null,
      last_error: row.lastError,
    }));
    printList(
      shown,
      options.json,
      'No submissions.',
      (row) =>
        `${row.id}  ${row.state.padEnd(10)}  attempts ${row.attempts}  ${row.created_at}${row.last_error ? `  ${row.last_error}` : ''}`,
    );
  }

  @Option({ flags: '--state <state>', description: `one of ${SUBMISSION_STATES.join(', ')}` })
  parseState(value: string): SubmissionState {
    if (!SUBMISSION_STATES.includes(value as SubmissionState)) {
      throw new Error(`--state must be one of ${SUBMISSION_STATES.join(', ')}`);
    }
    return value as SubmissionState;
  }

  @Option({ flags: '--limit <n>', description: 'how many (default 100)' })
  parseLimit(value: string): number {
    if (!/^\d+$/.test(value) || Number(value) < 1) {
      throw new Error('--limit must be a whole number of at least 1');
    }
    return Number(value);
  }

  @Option({ flags: '--json', description: 'print JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({
  name: 'retry',
  arguments: '[id]',
  description: 'send a failed submission (or every one, with --failed) again',
})
export class RetrySubmissionsCommand extends CommandRunner {
  constructor(private readonly submissions: RedeliveryService) {
    super();
  }

  async run([id]: string[], options: { failed?: boolean }): Promise<void> {
    if (options.failed) {
      const outcomes = await this.submissions.retryFailed();
      for (const [submissionId, outcome] of outcomes) {
        printLine(`${submissionId}: ${outcome}`);
      }
      printLine(`${outcomes.size} failed submission(s) put back on the queue.`);
      return;
    }
    if (!id) {
      throw new Error('give a submission id, or --failed');
    }
    printLine(`${id}: ${await this.submissions.retry(id)}`);
  }

  @Option({ flags: '--failed', description: 'retry every failed submission' })
  parseFailed(): boolean {
    return true;
  }
}

@Command({
  name: 'submissions',
  description: 'look at submissions and retry failed deliveries',
  subCommands: [ListSubmissionsCommand, RetrySubmissionsCommand],
})
export class SubmissionsCommand extends CommandRunner {
  run(): Promise<void> {
    this.command.help();
  }
}
