import { CommandRunner, Option } from 'nest-commander';
/** One line on stdout: what CLI commands print (logs go elsewhere, so `--json` output stays parseable). */
export function printLine(line: string): void {
  process.stdout.write(`${line}\n`);
}

/**
 * What a `list` command prints: the JSON array on one line with `--json`; else one line per row, or
 * `empty` when there is none.
 */
export function printList<T>(rows: T[], json: boolean | undefined, empty: string, lineOf: (row: T) => string): void {
  if (json) {
    printLine(JSON.stringify(rows));
    return;
  }
  if (rows.length === 0) {
    printLine(empty);
  }
  for (const row of rows) {
    printLine(lineOf(row));
  }
}

/** `--json` for a command (declared once; nest-commander reads options from base classes). */
export abstract class JsonFlag extends CommandRunner {
  @Option({ flags: '--json', description: 'print one JSON line' })
  parseJson(): boolean {
    return true;
  }
}
