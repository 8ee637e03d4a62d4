import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { createRoomContext, RoomContext } from './support/room-context';
import { runCli } from './support/processes';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The real command line, optionally with standard input. */
function staff(args: string[], stdin?: string): Promise<CliResult> {
  return runCli(['staff', ...args], { env: { LOG_LEVEL: 'error' }, input: stdin }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout: string; stderr: string }) => ({
      code: Number(error.code ?? 1),
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

const uniqueEmail = () => `Staff.${randomBytes(4).toString('hex')}@Example.com`;

describe('staff accounts from the command line', () => {
  // The command line is the process under test; this side only reads the rows (no room, no HTTP app).
  let t: RoomContext;
  let db: DataSource;
  beforeAll(async () => {
    t = await createRoomContext([]);
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());
  const stored = async (id: string) => (await db.query('SELECT * FROM staff_accounts WHERE id = ?', [id]))[0];

  it('`staff create --json` prints one line with a generated password, stored only as an argon2id hash', async () => {
    const email = uniqueEmail();
    const created = await staff([
      'create',
      '--email',
      ` ${email} `,
      '--name',
      'Grace Hopper',
      '--role',
      'admin',
      '--json',
    ]);
    expect(created.code).toBe(0);
    const lines = created.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const account = JSON.parse(lines[0]) as Record<string, string>;
    expect(Object.keys(account).sort()).toEqual(['email', 'id', 'name', 'password', 'role']);
    expect(account).toMatchObject({ email: email.toLowerCase(), name: 'Grace Hopper', role: 'admin' });
    expect(account.password.length).toBeGreaterThanOrEqual(20);
    const row = await stored(account.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(JSON.stringify(row)).not.toContain(account.password);
    expect(await argon2.verify(row.password_hash, account.password)).toBe(true);
  });

  it('takes a chosen password from standard input, and refuses one shorter than 12 characters', async () => {
    const short = await staff(
      ['create', '--email', uniqueEmail(), '--name', 'Short', '--role', 'agent', '--password-stdin'],
      'elevenchars\n',
    );
    expect(short.code).toBe(1);
    expect(short.stderr.trim()).toBe('error: the password must be at least 12 characters long');
    const chosen = 'a long enough passphrase';
    const created = await staff(
      ['create', '--email', uniqueEmail(), '--name', 'Chosen', '--role', 'agent', '--password-stdin', '--json'],
      `${chosen}\n`,
    );
    const account = JSON.parse(created.stdout) as { id: string; password: string };
    expect(account.password).toBe(chosen);
    expect(await argon2.verify((await stored(account.id)).password_hash, chosen)).toBe(true);
  });

  it('refuses a second account with the same address in another letter case, and a bad role', async () => {
    const email = uniqueEmail();
    expect((await staff(['create', '--email', email, '--name', 'One', '--role', 'agent'])).code).toBe(0);
    const again = await staff(['create', '--email', email.toUpperCase(), '--name', 'Two', '--role', 'agent']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const role = await staff(['create', '--email', uniqueEmail(), '--name', 'Three', '--role', 'owner']);
    expect(role.code).toBe(1);
    expect(role.stderr).toContain('the role must be one of admin, agent');
  });

  it('refuses an address with an invisible character, and stores one spelling: look-alikes are other addresses', async () => {
    const local = `staff.${randomBytes(4).toString('hex')}`;
    const create = (email: string) =>
      staff(['create', '--email', email, '--name', 'Spelling', '--role', 'agent', '--json']);
    const hidden = await create(`${local}\u200b@example.com`);
    expect(hidden.code).toBe(1);
    expect(hidden.stderr.trim()).toBe('error: the e-mail address is not valid (no invisible or control characters)');
    const plain = await create(`${local}@example.com`);
    const accented = await create(`${local}@EXÄMPLE.com`);
    expect([plain.code, accented.code]).toEqual([0, 0]);
    const { id, email } = JSON.parse(accented.stdout) as { id: string; email: string };
    expect(email).toBe(`${local}@xn--exmple-cua.com`);
    expect((await stored(id)).email).toBe(email);
    const again = await create(`${local}@xn--exmple-cua.com`);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });

  it('lists accounts without passwords or hashes, disables, enables and resets passwords', async () => {
    const created = JSON.parse(
      (await staff(['create', '--email', uniqueEmail(), '--name', 'Lister', '--role', 'agent', '--json'])).stdout,
    ) as { id: string; password: string };
    const listed = await staff(['list', '--json']);
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
    const accounts = JSON.parse(listed.stdout) as { id: string; disabled_at: string | null }[];
    expect(accounts.find((account) => account.id === created.id)).toMatchObject({ disabled_at: null });
    expect(listed.stdout).not.toContain('argon2');
    expect(listed.stdout).not.toContain(created.password);

    const disabled = await staff(['disable', created.id, '--json']);
    expect(JSON.parse(disabled.stdout)).toMatchObject({
      id: created.id,
      disabled_at: expect.stringMatching(/^\d{4}-/),
    });
    expect((await stored(created.id)).disabled_at).not.toBeNull();
    await staff(['enable', created.id]);
    expect((await stored(created.id)).disabled_at).toBeNull();

    const reset = JSON.parse((await staff(['reset-password', created.id, '--json'])).stdout) as { password: string };
    expect(reset.password).not.toBe(created.password);
    const hash = (await stored(created.id)).password_hash as string;
    expect(await argon2.verify(hash, reset.password)).toBe(true);
    expect(await argon2.verify(hash, created.password)).toBe(false);

    const unknown = await staff(['disable', '01a20000-0000-7000-8000-000000000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No staff account with id');
  });
});
