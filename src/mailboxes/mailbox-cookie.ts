import type {} from '@fastify/cookie'; // request.cookies, reply.setCookie
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';

/**
 * The cookie that binds a mailbox connection to the admin's browser that began it: `__Host-ci_mailbox`
 * in production (Secure), `ci_mailbox` over plain http in development. HttpOnly, Path=/, and
 * SameSite=Lax, for it must come along when the provider sends the browser back (a top-level GET from
 * another site), where the SameSite=Strict session cookie does not.
 */
export function mailboxCookieName(config: AppConfig): string {
  return config.env === 'production' ? '__Host-ci_mailbox' : 'ci_mailbox';
}

function cookieOptions(config: AppConfig) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: config.env === 'production' } as const;
}

export function mailboxCookieOf(request: FastifyRequest, config: AppConfig): string | undefined {
  return request.cookies?.[mailboxCookieName(config)] || undefined;
}

export function setMailboxCookie(reply: FastifyReply, config: AppConfig, value: string, maxAge: number): void {
  void reply.setCookie(mailboxCookieName(config), value, { ...cookieOptions(config), maxAge });
}

export function clearMailboxCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(mailboxCookieName(config), cookieOptions(config));
}
