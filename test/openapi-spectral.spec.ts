import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..');

type Finding = { code: string; message: string; path: string[]; severity: number };

/** Spectral's findings as JSON; with `--fail-severity hint` any finding exits 1, so its output is read either way. */
async function spectral(args: string[]): Promise<Finding[]> {
  const cli = join(dirname(require.resolve('@stoplight/spectral-cli/package.json')), 'dist', 'index.js');
  try {
    const { stdout } = await run(process.execPath, [cli, ...args], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout || '[]') as Finding[];
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    if (!stdout) {
      throw error;
    }
    return JSON.parse(stdout) as Finding[];
  }
}

describe('the committed openapi.json', () => {
  it("passes Spectral's spectral:oas rules (.spectral.yaml) with no error, warning, information or hint", async () => {
    const findings = await spectral([
      'lint',
      'openapi.json',
      '--ruleset',
      '.spectral.yaml',
      '--format',
      'json',
      '--fail-severity',
      'hint',
      '--quiet',
    ]);
    expect(findings.map(({ code, message, path }) => `${code} at ${path.join('.')}: ${message}`)).toEqual([]);
  });
});
