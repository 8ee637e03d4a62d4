import { runCli } from './support/processes';

const cli = (...args: string[]) =>
  runCli([...args], { env: { ...process.env, LOG_LEVEL: 'error' } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

describe('the command line', () => {
  it('prints help and exits 0 for --help', async () => {
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('keys');
    expect(help.stdout).toContain('submissions');
    expect(help.stderr).toBe('');
  });

  it('says once that a command is unknown, and exits 1', async () => {
    const unknown = await cli('bogus');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe("error: unknown command 'bogus'");
  });

  it('names a missing required option, and exits 1', async () => {
    const missing = await cli('keys', 'create');
    expect(missing.code).toBe(1);
    expect(missing.stderr.match(/error:/g)).toHaveLength(1);
    expect(missing.stderr).toContain('--name');
  });
});
