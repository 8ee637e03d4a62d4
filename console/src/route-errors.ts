/**
 * What the console says for an error named in its route (`?sso_error=` on the sign-in page,
 * `?mailbox_error=` on Settings). Anyone can send a link with any text in it, so the route's words are
 * never shown: a known value gets the console's own sentence, anything else a general one.
 */

/** The mailbox callback's codes (MailboxConnectError on the server). */
const MAILBOX_ERRORS: Record<string, string> = {
  not_oauth: 'The mailbox signs in with a password (MAIL_OAUTH_PROVIDER is not set): there is nothing to connect.',
  not_begun_here: 'This connection was not begun in this browser or took over 10 minutes: press Connect again.',
  not_granted: 'The provider did not grant access to the mailbox: press Connect again and allow access.',
  code_refused: 'The provider did not complete the connection: press Connect again.',
  no_refresh_token:
    "The provider gave no refresh token: offline access was not granted (see the operator's guide on MAIL_OAUTH_PROVIDER).",
  unknown_account:
    "The provider did not say which account granted access, so it cannot be checked against the mailbox (see the operator's guide).",
  wrong_account:
    'Access was granted for another account than the mailbox: press Connect again and sign in at the provider as the mailbox.',
};

/** Single sign-on's refusal codes (SingleSignOnRefused on the server). */
const SSO_ERRORS: Record<string, string> = {
  not_begun_here: 'This sign-in was not begun in this browser or took over 10 minutes: try again.',
  provider_refused: 'The provider did not sign you in: try again, or sign in another way.',
  answer_unverified: "The provider's answer did not check out: try again.",
  no_verified_address: 'The provider did not vouch for an e-mail address: ask it to share a verified one.',
  no_account: 'No active staff account has the address the provider gave: ask an admin.',
  not_set_up: 'Single sign-on is not set up here: sign in another way.',
  provider_unreachable: 'The provider could not be reached: try again.',
};

/** What the console says for a code it does not know: a link's own words are never shown. */
const textOf = (known: Record<string, string>, code: string | null, otherwise: string): string | null =>
  code === null ? null : Object.hasOwn(known, code) ? known[code] : otherwise;

export function mailboxErrorText(code: string | null): string | null {
  return textOf(MAILBOX_ERRORS, code, 'The mailbox could not be connected: press Connect to try again.');
}

export function ssoErrorText(code: string | null): string | null {
  return textOf(SSO_ERRORS, code, 'Single sign-on did not sign you in: try again, or sign in another way.');
}
