import type {} from '@fastify/cookie'; // request.cookies, reply.setCookie
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';

/**
 * The session cookie: `__Host-ci_staff` with Secure in production (the prefix makes browsers refuse it
 * without Secure, a Domain, or a Path other than /); `ci_staff` over plain http in development.
 * HttpOnly, SameSite=Strict, Path=/ always.
 */
export function staffCookieName(config: AppConfig): string {
  return config.env === 'production' ? '__Host-ci_staff' : 'ci_staff';
}

export function sessionIdOf(request: FastifyRequest, config: AppConfig): string | undefined {
  return request.cookies?.[staffCookieName(config)] || undefined;
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, sessionId: string): void {
  void reply.setCookie(staffCookieName(config), sessionId, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.env === 'production',
    maxAge: config.staffAuth.sessionTtl,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(staffCookieName(config), {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.env === 'production',
  });
}
