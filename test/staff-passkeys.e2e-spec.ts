import { PASSKEY_TAKEN, PASSKEYS_NEED_PUBLIC_URL } from '../src/staff-identity/passkeys.service';
import { ownDatabase } from './support/own-database';
import { caseSwapped, SoftwarePasskey } from './support/software-passkey';
import { signedInStaff } from './support/staff';
import { createTestApp, TestApp } from './support/test-app';

const PUBLIC_URL = 'https://intake.example.test';

/** The `name=value` pairs a response sets, by cookie name. */
function cookiesOf(response: { headers: Record<string, unknown> }): Record<string, string> {
  const lines = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  return Object.fromEntries(lines.map((line) => line.split(';')[0].split('=')).map(([name, value]) => [name, value]));
}

/**
 * Passkeys over HTTP with a software authenticator whose credential ids the test chooses (issue 53):
 * credential ids are base64url, compared exactly, and a clash is a clear 409; in production the relying
 * party comes from PUBLIC_URL only, never from the Host header a client chooses.
 */
describe('staff passkeys: credential ids and the relying party', () => {
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let production: TestApp;

  beforeAll(async () => {
    database = await ownDatabase();
    [t, production] = await Promise.all([
      createTestApp({ DATABASE_URL: database.url, STAFF_CHANNELS: 'webhooks', PUBLIC_URL }),
      createTestApp({
        DATABASE_URL: database.url,
        STAFF_CHANNELS: 'webhooks',
        NODE_ENV: 'production',
        JWT_SECRET: 'a production secret of at least 32 bytes',
      }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await production?.close();
    await database?.drop();
  });

  async function register(cookie: string, passkey: SoftwarePasskey, name: string) {
    const options = await t.http().post('/staff/api/me/passkeys/options').set('Cookie', cookie).send({}).expect(200);
    return t
      .http()
      .post('/staff/api/me/passkeys')
      .set('Cookie', cookie)
      .send({ name, response: passkey.register(options.body, PUBLIC_URL) });
  }

  /** Signs in with the passkey alone: the id of the account it signed in. */
  async function signInWith(passkey: SoftwarePasskey): Promise<string> {
    const options = await t.http().post('/staff/api/login/passkey/options').send({}).expect(200);
    const signedIn = await t
      .http()
      .post('/staff/api/login/passkey')
      .set('Cookie', `ci_passkey=${cookiesOf(options).ci_passkey}`)
      .send({ response: passkey.signIn(options.body, PUBLIC_URL) })
      .expect(200);
    return (signedIn.body as { id: string }).id;
  }

  it("compares credential ids exactly: another account's id with its case swapped is another passkey, the same id is a 409", async () => {
    const owner = await signedInStaff(t, 'Owen Owner');
    const other = await signedInStaff(t, 'Olga Other');
    const owners = new SoftwarePasskey();
    expect(caseSwapped(owners.id)).not.toBe(owners.id);
    await register(owner.cookie, owners, 'Laptop').then((response) => expect(response.status).toBe(201));

    // The same letters in the other case are other bytes: a passkey of its own, not a clash (nor a 500).
    const swapped = new SoftwarePasskey(Buffer.from(caseSwapped(owners.id), 'base64url'));
    expect(swapped.id).toBe(caseSwapped(owners.id));
    const registered = await register(other.cookie, swapped, 'Look-alike');
    expect([registered.status, registered.body]).toEqual([201, expect.objectContaining({ name: 'Look-alike' })]);

    // The very same credential id again (the other account's own key, the owner's id): a clear 409.
    const clash = await register(other.cookie, new SoftwarePasskey(owners.credentialId), 'Copy');
    expect([clash.status, clash.body]).toEqual([409, { status: 'error', message: PASSKEY_TAKEN }]);
    const listed = await t.http().get('/staff/api/me/passkeys').set('Cookie', other.cookie).expect(200);
    expect((listed.body as { name: string }[]).map((passkey) => passkey.name)).toEqual(['Look-alike']);

    // Each signs in its own account.
    expect(await signInWith(owners)).toBe(owner.account.id);
    expect(await signInWith(swapped)).toBe(other.account.id);
  });

  it('answers 409 naming PUBLIC_URL for every passkey ceremony in production without it, and still lists passkeys', async () => {
    const refused = { status: 'error', message: PASSKEYS_NEED_PUBLIC_URL };
    await production.http().post('/staff/api/login/passkey/options').send({}).expect(409, refused);
    await production
      .http()
      .post('/staff/api/login/passkey')
      .send({ response: { id: 'x', response: {} } })
      .expect(409, refused);
    const staff = await signedInStaff(production, 'Pat Production');
    await production
      .http()
      .post('/staff/api/me/passkeys/options')
      .set('Cookie', staff.cookie)
      .send({})
      .expect(409, refused);
    await production
      .http()
      .post('/staff/api/me/passkeys')
      .set('Cookie', staff.cookie)
      .send({ name: 'Laptop', response: { id: 'x', response: {} } })
      .expect(409, refused);
    await production.http().get('/staff/api/me/passkeys').set('Cookie', staff.cookie).expect(200, []);
    expect(PASSKEYS_NEED_PUBLIC_URL).toContain('PUBLIC_URL');
  });
});
