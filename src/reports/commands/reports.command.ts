import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { Clock } from '../../clock/clock';
import { printLine } from '../../cli-output';
import { ReportDaysBuilder } from '../report-days.builder';

@SubCommand({
  name: 'build',
  description: 'build the day figures reports read, for every day not built yet (the worker does it in the background)',
})
export class BuildReportsCommand extends CommandRunner {
  constructor(
    private readonly builder: ReportDaysBuilder,
    private readonly clock: Clock,
  ) {
    super();
  }

  async run(_args: string[], options: { days?: number }): Promise<void> {
    let built = 0;
    for (;;) {
      const pass = await this.builder.buildPass(this.clock.now(), options.days ?? 100);
      built += pass;
      if (pass === 0 || options.days !== undefined) {
        break;
      }
      printLine(`${built} day(s) built so far`);
    }
    printLine(`Built ${built} day(s).`);
  }

  @Option({ flags: '--days <count>', description: 'build at most this many days (newest first), then stop' })
  parseDays(value: string): number {
    const days = Number(value);
    if (!Number.isInteger(days) || days < 1 || days > 10_000) {
      throw new Error('--days: a whole number from 1 to 10000');
    }
    return days;
  }
}

@Command({ name: 'reports', description: 'reports: build their day figures', subCommands: [BuildReportsCommand] })
export class ReportsCommand extends CommandRunner {
  run(): Promise<void> {
    this.command.help();
    return Promise.resolve();
  }
}
