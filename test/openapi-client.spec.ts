import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateOpenApiDocument, serialize } from '../src/write-openapi';

const run = promisify(execFile);
const bin = (name: string) => join(__dirname, '..', 'node_modules', '.bin', name);

/**
 * A client written against openapi-typescript's output, as an integrator would write one. The
 * @ts-expect-error lines must be errors: if a field were typed `object` or `any`, they would not be,
 * and the type check fails.
 */
const CLIENT = `
import type { paths } from './schema';

type Submission = paths['/contact_api.php']['post']['requestBody']['content']['application/json'];
type Accepted = paths['/contact_api.php']['post']['responses']['200']['content']['application/json'];
type Tokens = paths['/auth.php']['post']['responses']['200']['content']['application/json'];
type Refused = paths['/contact_api.php']['post']['responses']['429'];

export const full: Submission = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  business: 'Analytical Engines Ltd',
  message: 'Please call me back.',
};
export const minimal: Submission = { name: 'Ada' };
export const withNulls: Submission = { name: 'Ada', email: null, message: null };
// @ts-expect-error email is a string
export const wrongEmail: Submission = { name: 'Ada', email: 5 };
// @ts-expect-error name is required
export const noName: Submission = { email: 'ada@example.com' };

export function idOf(answer: Accepted): string {
  return answer.id;
}
export function lifetime(tokens: Tokens): number {
  return tokens.expires_in;
}
export function retryAfter(answer: Refused): number | undefined {
  return answer.headers['Retry-After'];
}
`;

describe('the OpenAPI document', () => {
  let dir: string;
  let file: string;
  let generated: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'contact-intake-openapi-'));
    file = join(dir, 'openapi.json');
    generated = serialize(await generateOpenApiDocument());
    writeFileSync(file, generated);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the one committed as openapi.json (run `npm run openapi` after an interface change)', () => {
    expect(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8')).toBe(generated);
  });

  it('passes `redocly lint` with no errors and no warnings', async () => {
    const { stdout } = await run(
      bin('redocly'),
      ['lint', file, '--format=json', '--config', join(__dirname, '..', 'redocly.yaml')],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number } };
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('gives every operation a 2xx and a 4xx answer, but the browser redirects and what the sign-in page asks first', () => {
    const document = JSON.parse(generated) as { paths: Record<string, Record<string, { responses: object }>> };
    const lacking = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, { responses }]) => {
        const statuses = Object.keys(responses);
        const missing = [
          ...(statuses.some((status) => status.startsWith('2')) ? [] : ['2xx']),
          ...(statuses.some((status) => status.startsWith('4')) ? [] : ['4xx']),
        ];
        return missing.length > 0 ? [`${method.toUpperCase()} ${path}: no ${missing.join(', ')}`] : [];
      }),
    );
    expect(lacking.sort()).toEqual([
      'GET /staff/api/mailbox/callback: no 2xx, 4xx',
      // Public and without input: nothing a client sends can be refused.
      'GET /staff/api/sign-in-options: no 4xx',
      'GET /staff/sso/callback: no 2xx, 4xx',
      'GET /staff/sso/start: no 2xx',
    ]);
  });

  it('declares the rate-limit, Retry-After and WWW-Authenticate headers and a server', () => {
    const document = JSON.parse(generated);
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const contact = document.paths['/contact_api.php'].post.responses;
    expect(Object.keys(contact['200'].headers)).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(Object.keys(contact['429'].headers)).toContain('Retry-After');
    expect(Object.keys(contact['503'].headers)).toContain('Retry-After');
    expect(Object.keys(contact['401'].headers)).toContain('WWW-Authenticate');
    expect(document.paths['/auth_refresh.php'].post.security).toEqual([]);
  });

  it('generates types with openapi-typescript that a typed client compiles against', async () => {
    await run(bin('openapi-typescript'), [file, '-o', join(dir, 'schema.d.ts')]);
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    await expect(
      run(bin('tsc'), ['--noEmit', '--strict', '--skipLibCheck', '--target', 'ES2022', join(dir, 'client.ts')]),
    ).resolves.toBeDefined();
  });
});
