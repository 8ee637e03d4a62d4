/**
 * The port between a staff route's guard and the room that knows staff accounts (issue 54, point 5).
 * Every room puts `@StaffAuth` on its staff routes, and staff-accounts/ itself imports several rooms
 * (audit, mail, rate limits, API keys): were the guard there, each of those rooms would import
 * staff-accounts/ back, a cycle. So the guard lives here, importing no room, and asks STAFF_ADMISSION,
 * which staff-accounts/ provides, whether a request's credential may use the route.
 */

/** The roles of staff accounts: an agent works submissions; an admin also manages keys, staff and settings. */
export const STAFF_ROLES = ['admin', 'agent'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Routes with a budget of their own besides STAFF_RATE_LIMIT: reports (STAFF_REPORTS_RATE_LIMIT). */
export type StaffRateBudget = 'reports';

/** What a route asks of the account (see @StaffAuth). */
export interface StaffRoute {
  role: StaffRole;
  /** The route serves an account that must still choose its own password. */
  beforePasswordChange: boolean;
  /** The route serves an account that must still set up a second factor. */
  beforeSecondFactor: boolean;
  /** A budget of its own the route also counts against, or null. */
  budget: StaffRateBudget | null;
}

/** What every room may read of the signed-in account (staff-accounts/ gives its whole row). */
export interface SignedInStaff {
  id: string;
  role: StaffRole;
}

export const SECOND_FACTOR_REQUIRED =
  'Two-factor sign-in is required: set up an authenticator app first (POST /staff/api/me/totp)';

export const PASSWORD_CHANGE_REQUIRED =
  'Password change required: choose your own password first (POST /staff/api/me/password)';

/**
 * Admits a request to a staff route: its account, or an ApiException (401 `Authentication required`,
 * 403 `Forbidden`, PASSWORD_CHANGE_REQUIRED or SECOND_FACTOR_REQUIRED, 429 over the account's budget).
 */
export interface StaffAdmission {
  admit(request: unknown, route: StaffRoute): Promise<SignedInStaff>;
}

/** The injection token of the StaffAdmission that staff-accounts/ provides to every module (a global one). */
export const STAFF_ADMISSION = Symbol('StaffAdmission');
