import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchedOutput } from './batched-output';

describe('BatchedOutput', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'batched-output-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes lines in order within the flush window, several at a time', async () => {
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    const output = new BatchedOutput(fd, 20);
    const lines = Array.from({ length: 500 }, (_, i) => `{"n":${i},"text":"ünïcödé ${'x'.repeat(i % 300)}"}\n`);
    lines.slice(0, 250).forEach((line) => output.write(line));
    expect(readFileSync(file, 'utf8')).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 60));
    lines.slice(250).forEach((line) => output.write(line));
    await new Promise((resolve) => setTimeout(resolve, 100));
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it('writes what is still waiting when the process exits', () => {
    const file = join(dir, 'exit.log');
    const script = `
      const { openSync } = require('node:fs');
      const { BatchedOutput } = require(${JSON.stringify(require.resolve('./batched-output'))});
      const output = new BatchedOutput(openSync(${JSON.stringify(file)}, 'w'), 60000);
      output.write('first\\n');
      output.write('last\\n');
      process.exit(3);
    `;
    expect(() =>
      execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { stdio: 'pipe' }),
    ).toThrow();
    expect(readFileSync(file, 'utf8')).toBe('first\nlast\n');
  });
});
