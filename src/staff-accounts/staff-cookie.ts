import type {} from '@fastify/cookie'; // request.cookies, reply.setCookie
import { HttpStatus } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-exception';

export const COOKIE_NEEDS_HTTPS =
  'Sign-in needs HTTPS: in production the session cookie is Secure, and browsers drop it on a plain-HTTP page. ' +
  'Serve the console over HTTPS, or behind a TLS proxy set PUBLIC_URL=https://<host> (or TRUST_PROXY, so ' +
  'X-Forwarded-Proto counts).';

/** Hosts browsers treat as secure contexts over plain HTTP (they keep Secure cookies there). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    (isIP(host) === 4 && host.startsWith('127.'))
  );
}

/**
 * Refuses a sign-in whose session cookie the browser would drop: in production the cookie is Secure,
 * so on a plain-HTTP page (other than localhost) sign-in would answer 200 and leave the person at an
 * empty form with no word of why. The page's scheme is the browser's `Origin` when it sends one, else
 * PUBLIC_URL's, else the request's (which honours TRUST_PROXY's X-Forwarded-Proto).
 */
export function assertSessionCookieWillStick(request: FastifyRequest, config: AppConfig): void {
  if (config.env !== 'production') {
    return;
  }
  const page = request.headers.origin ?? config.staffAuth.publicOrigin ?? `${request.protocol}://${request.hostname}`;
  let url: URL;
  try {
    url = new URL(page);
  } catch {
    return; // An Origin that is no URL (`null`) is the cross-site rule's business.
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ApiException(HttpStatus.FORBIDDEN, COOKIE_NEEDS_HTTPS);
  }
}

/**
 * The session cookie: `__Host-ci_staff` with Secure in production (the prefix makes browsers refuse it
 * without Secure, a Domain, or a Path other than /); `ci_staff` over plain http in development.
 * HttpOnly, SameSite=Strict, Path=/ always.
 */
export function staffCookieName(config: AppConfig): string {
  return config.env === 'production' ? '__Host-ci_staff' : 'ci_staff';
}

const STAFF_BEARER = /^Bearer +(st_[0-9A-Za-z]+) *$/;

/**
 * The staff API token of `Authorization: Bearer st_...`, if the request carries one. A request that
 * does is authenticated by the token alone (never by a cookie beside it): such a caller holds its
 * credential itself, so it cannot be made to send it cross-site.
 */
export function staffTokenOf(request: FastifyRequest): string | undefined {
  return STAFF_BEARER.exec(request.headers.authorization ?? '')?.[1];
}

export function sessionIdOf(request: FastifyRequest, config: AppConfig): string | undefined {
  return request.cookies?.[staffCookieName(config)] || undefined;
}

/** What identifies a staff request: its staff API token when it has one (the cookie is then ignored), else its session. */
export interface StaffCredential {
  token?: string;
  sessionId?: string;
}

export function credentialOf(request: FastifyRequest, config: AppConfig): StaffCredential {
  const token = staffTokenOf(request);
  return token ? { token } : { sessionId: sessionIdOf(request, config) };
}

/** Every staff cookie: HttpOnly, SameSite=Strict, Path=/, and Secure in production (the `__Host-` prefix needs it). */
function cookieOptions(config: AppConfig) {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: config.env === 'production' } as const;
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, sessionId: string): void {
  void reply.setCookie(staffCookieName(config), sessionId, {
    ...cookieOptions(config),
    maxAge: config.staffAuth.sessionTtl,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(staffCookieName(config), cookieOptions(config));
}

/**
 * The cookie of a half-done sign-in (a password right, a second factor to come): `__Host-ci_login` in
 * production, `ci_login` over plain http in development; HttpOnly, SameSite=Strict, Path=/, and it
 * lives as long as the challenge it names (see StaffLoginChallenges).
 */
export function loginChallengeCookieName(config: AppConfig): string {
  return config.env === 'production' ? '__Host-ci_login' : 'ci_login';
}

export function loginChallengeOf(request: FastifyRequest, config: AppConfig): string | undefined {
  return request.cookies?.[loginChallengeCookieName(config)] || undefined;
}

export function setLoginChallengeCookie(reply: FastifyReply, config: AppConfig, id: string, maxAge: number): void {
  void reply.setCookie(loginChallengeCookieName(config), id, { ...cookieOptions(config), maxAge });
}

export function clearLoginChallengeCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(loginChallengeCookieName(config), cookieOptions(config));
}

/**
 * The cookie that binds a single sign-on to the browser that began it: `__Host-ci_sso` in production,
 * `ci_sso` otherwise; SameSite=Lax, for it must come along when the provider sends the browser back
 * (a top-level GET from another site), and good for `maxAge` seconds.
 */
export function ssoCookieName(config: AppConfig): string {
  return config.env === 'production' ? '__Host-ci_sso' : 'ci_sso';
}

export function setSsoCookie(reply: FastifyReply, config: AppConfig, value: string, maxAge: number): void {
  void reply.setCookie(ssoCookieName(config), value, { ...cookieOptions(config), sameSite: 'lax', maxAge });
}

export function clearSsoCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(ssoCookieName(config), { ...cookieOptions(config), sameSite: 'lax' });
}

/** The cookie of a passkey sign-in's challenge (`__Host-ci_passkey` in production), for its 5 minutes. */
export function passkeyCookieName(config: AppConfig): string {
  return config.env === 'production' ? '__Host-ci_passkey' : 'ci_passkey';
}

export function setPasskeyCookie(reply: FastifyReply, config: AppConfig, ticket: string, maxAge: number): void {
  void reply.setCookie(passkeyCookieName(config), ticket, { ...cookieOptions(config), maxAge });
}
