import type { FastifyRequest } from 'fastify';

/** The specification's paths (section 4), relative to BASE_PATH. */
export const AUTH_PATH = 'auth.php';
export const AUTH_REFRESH_PATH = 'auth_refresh.php';
export const CONTACT_PATH = 'contact_api.php';

export const CONTRACT_PATHS = [`/${AUTH_PATH}`, `/${AUTH_REFRESH_PATH}`, `/${CONTACT_PATH}`];

/** A mail provider's "forward the raw message" route (relative to BASE_PATH). */
export const INBOUND_EMAIL_PATH = 'inbound/email';

/**
 * The page a satisfaction survey's links open (GET, `?token=...&rating=...`) and its form posts to
 * (POST, `application/x-www-form-urlencoded`), relative to BASE_PATH: public, no sign-in.
 */
export const RATING_PATH = 'rate';

/** The staff API's prefix, relative to BASE_PATH (its routes and the cross-site write check share it). */
export const STAFF_API_PATH = 'staff/api';

/** POST: a staff member's file for a reply, as raw bytes (application/octet-stream), streamed. */
export const STAFF_UPLOADS_PATH = `${STAFF_API_PATH}/uploads`;

/**
 * Whether the route the router matched for `request` is a staff API route. Decided on the matched
 * route (its pattern, with BASE_PATH), never on the raw URL, which a client may spell with
 * percent-escapes (`/staff/ap%69/...`) that the router decodes.
 */
export function isStaffApiRoute(request: FastifyRequest, basePath: string): boolean {
  return request.routeOptions.url?.startsWith(`${basePath}/${STAFF_API_PATH}/`) ?? false;
}
