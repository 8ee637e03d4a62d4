import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..');

describe("the console's API types", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'contact-intake-console-schema-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are what openapi-typescript makes from the committed openapi.json (run `npm run openapi`)', async () => {
    const out = join(dir, 'api-schema.d.ts');
    await run(process.execPath, [join(root, 'scripts', 'write-console-schema.mjs'), join(root, 'openapi.json'), out]);
    expect(readFileSync(join(root, 'console', 'src', 'api-schema.d.ts'), 'utf8')).toBe(readFileSync(out, 'utf8'));
  });

  it('are named by console/src/api.ts, not written by hand', () => {
    const api = readFileSync(join(root, 'console', 'src', 'api.ts'), 'utf8');
    expect(api).toContain("from './api-schema'");
    expect(api).not.toMatch(/^export interface (ApiKey|Submission|SubmissionDetail|Me|StaffAccount)\b/m);
  });
});
