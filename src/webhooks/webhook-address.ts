import { HttpStatus } from '@nestjs/common';
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';
import { ApiException } from '../http/api-exception';

export interface WebhookNetworkRules {
  allowPrivate: boolean;
  allowedHosts: string[];
}

/**
 * True for every address that is not public unicast: loopback, RFC 1918, link-local (169.254/16,
 * fe80::/10), unique-local (fc00::/7), multicast, unspecified (0.0.0.0, ::), carrier-grade NAT,
 * reserved, IPv4-mapped IPv6 forms, and the deprecated IPv4-compatible ones (::/96, RFC 4291 2.5.5.1:
 * `[::127.0.0.1]`, which URL parsing turns into `::7f00:1` and ipaddr.js calls unicast). The rule
 * request-filtering-agent applies at connect time is ipaddr.js's alone, so WebhookSender adds this
 * one through its own lookup; used here for URLs that are address literals.
 */
export function isNonPublicAddress(address: string): boolean {
  try {
    return isIpv4Compatible(address) || ipaddr.parse(address).range() !== 'unicast';
  } catch {
    return true;
  }
}

/** `::a.b.c.d` (::/96, deprecated by RFC 4291): ipaddr.js calls these unicast. */
export function isIpv4Compatible(address: string): boolean {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0);
}

/** Whether the settings refuse connecting to this address literal. */
export function isRefusedAddress(rules: WebhookNetworkRules, address: string): boolean {
  return !rules.allowPrivate && !rules.allowedHosts.includes(address.toLowerCase()) && isNonPublicAddress(address);
}

/** The host of a URL as the allow list names it: lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/**
 * Checks a destination URL when it is added: http or https, no credentials in it. Where it points is
 * checked again at every connection (see WebhookSender), since DNS can change; an address literal is
 * refused here already when it could never be reached.
 */
export function assertAcceptableWebhookUrl(raw: string, rules: WebhookNetworkRules): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidUrl('only http and https');
  }
  if (url.username || url.password) {
    throw invalidUrl('no credentials in the URL');
  }
  if (raw.length > 2048) {
    throw invalidUrl('at most 2048 characters');
  }
  const host = hostOf(url);
  if (isIP(host) !== 0 && isRefusedAddress(rules, host)) {
    throw invalidUrl('the address is not public (see WEBHOOK_ALLOW_PRIVATE, WEBHOOK_ALLOWED_HOSTS)');
  }
  return url;
}

function invalidUrl(why: string): ApiException {
  return new ApiException(HttpStatus.BAD_REQUEST, `Invalid field: url (${why})`);
}

/** The URL without its query string and fragment, for logs (a query string may hold a token). */
export function loggableUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}
