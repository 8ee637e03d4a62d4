/** One line on stdout: what CLI commands print (logs go elsewhere, so `--json` output stays parseable). */
export function printLine(line: string): void {
  process.stdout.write(`${line}\n`);
}
