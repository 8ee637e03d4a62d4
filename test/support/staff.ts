import { randomBytes } from 'node:crypto';
import { CLI_ACTOR } from '../../src/audit/actor';
import { StaffAccountsService } from '../../src/staff-accounts/staff-accounts.service';
import { ServiceHost } from './room-context';
import { TestApp } from './test-app';
import { StaffRole } from '../../src/staff-auth/staff-admission';

export const STAFF_PASSWORD = 'a long enough passphrase';

/** A staff account with STAFF_PASSWORD, made through the service the CLI uses (an app or a room context). */
export async function newStaffAccount(t: ServiceHost, label: string, role: StaffRole = 'agent') {
  const { account } = await t.app.get(StaffAccountsService).create(
    {
      email: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${randomBytes(4).toString('hex')}@example.com`,
      name: label,
      role,
      password: STAFF_PASSWORD,
    },
    CLI_ACTOR,
  );
  return account;
}

/** Signs in (expecting 200) and returns the `name=value` of the session cookie. */
export async function staffCookie(t: TestApp, email: string, ip = '127.0.0.1'): Promise<string> {
  const response = await t
    .http()
    .post('/staff/api/login')
    .set('X-Forwarded-For', ip)
    .send({ email, password: STAFF_PASSWORD })
    .expect(200);
  return (response.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
}

/** A new staff account (see newStaffAccount), signed in: the account and its session cookie. */
export async function signedInStaff(t: TestApp, label: string, role: StaffRole = 'agent') {
  const account = await newStaffAccount(t, label, role);
  return { account, cookie: await staffCookie(t, account.email) };
}

/**
 * Changes a submission as the console does: at the version it has just read (If-Match), expecting 200.
 * Answers the detail after the change.
 */
export async function changeSubmission<Detail = Record<string, unknown>>(
  t: TestApp,
  cookie: string,
  id: string,
  changes: object,
): Promise<Detail> {
  const current = await t.http().get(`/staff/api/submissions/${id}`).set('Cookie', cookie).expect(200);
  const changed = await t
    .http()
    .patch(`/staff/api/submissions/${id}`)
    .set('Cookie', cookie)
    .set('If-Match', current.headers.etag)
    .send(changes)
    .expect(200);
  return changed.body as Detail;
}
