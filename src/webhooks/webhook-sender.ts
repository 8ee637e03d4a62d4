import dns from 'node:dns';
import http from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { hostOf, isIpv4Compatible, isRefusedAddress, WebhookNetworkRules } from './webhook-address';

/** At most this much of a response is read: receivers have nothing to tell us beyond the status. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface WebhookResponse {
  /** Null when no HTTP answer came (refused address, connection error, timeout). */
  statusCode: number | null;
  durationMs: number;
  /** Retry-After of a 429/503, in seconds. */
  retryAfterSeconds: number | null;
  error: string | null;
}

/**
 * dns.lookup, refusing IPv4-compatible answers (`::a.b.c.d`, which ipaddr.js calls unicast) unless the
 * settings allow non-public addresses. The filtering agent then checks what this lookup answers
 * against ipaddr.js's ranges. Node does not look up an address
 * literal, so WebhookSender.post checks those itself before any socket exists.
 */
export function publicOnlyLookup(rules: WebhookNetworkRules): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      // The other non-public addresses are the filtering agent's to refuse (it checks what this answers).
      const refused = error
        ? undefined
        : addresses.find(({ address }) => isIpv4Compatible(address) && isRefusedAddress(rules, address));
      if (error || refused) {
        callback(error ?? new Error(`DNS lookup ${refused!.address} is not allowed: not a public address`), '', 0);
      } else if (options.all) {
        (callback as (error: null, all: dns.LookupAddress[]) => void)(null, addresses);
      } else {
        callback(null, addresses[0].address, addresses[0].family);
      }
    });
  };
}

/**
 * POSTs webhooks without server-side request forgery: the address every connection resolves to is
 * checked when the socket is made (request-filtering-agent), so a name that later resolves to
 * 169.254.169.254 is refused too; no redirect is followed; at most 64 KiB of the answer is read; the
 * whole exchange has one deadline.
 */
export class WebhookSender {
  private readonly filtering = { http: new RequestFilteringHttpAgent(), https: new RequestFilteringHttpsAgent() };
  private readonly open = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  private readonly lookup: LookupFunction;

  constructor(
    private readonly rules: WebhookNetworkRules,
    private readonly timeoutMs: number,
  ) {
    this.lookup = publicOnlyLookup(rules);
    if (rules.allowPrivate) {
      this.filtering = {
        http: new RequestFilteringHttpAgent({ allowPrivateIPAddress: true, allowMetaIPAddress: true }),
        https: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: true, allowMetaIPAddress: true }),
      };
    }
  }

  post(rawUrl: string, headers: Record<string, string>, body: string): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: Omit<WebhookResponse, 'durationMs'>) => {
        if (!settled) {
          settled = true;
          clearTimeout(timer);
          resolve({ ...result, durationMs: elapsed() });
        }
      };
      const fail = (error: Error) => finish({ statusCode: null, retryAfterSeconds: null, error: error.message });
      const timer = setTimeout(() => {
        request?.destroy();
        fail(new Error(`timed out after ${this.timeoutMs / 1000} s`));
      }, this.timeoutMs);
      let request: http.ClientRequest | undefined;
      try {
        const url = new URL(rawUrl);
        const secure = url.protocol === 'https:';
        const host = hostOf(url);
        // Node connects to an address literal without a lookup, so publicOnlyLookup never sees one; the
        // filtering agent refuses the other non-public literals itself.
        if (isIP(host) === 6 && isIpv4Compatible(host) && isRefusedAddress(this.rules, host)) {
          throw new Error(`Address ${host} is not allowed: IPv4-compatible IPv6 is not a public address`);
        }
        const allowed = this.rules.allowedHosts.includes(host);
        const agent = allowed ? this.open[secure ? 'https' : 'http'] : this.filtering[secure ? 'https' : 'http'];
        const send = secure ? https.request : http.request;
        request = send(url, {
          method: 'POST',
          agent,
          lookup: allowed ? undefined : this.lookup,
          headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        });
      } catch (error) {
        // request-filtering-agent refuses an address literal while the request is being made.
        fail(error as Error);
        return;
      }
      request.on('error', fail);
      request.on('response', (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) {
            response.destroy();
          }
        });
        const done = () => {
          const statusCode = response.statusCode ?? 0;
          const redirect = statusCode >= 300 && statusCode < 400;
          finish({
            statusCode,
            retryAfterSeconds: retryAfterOf(response.headers['retry-after']),
            error:
              statusCode >= 200 && statusCode < 300
                ? null
                : redirect
                  ? `HTTP ${statusCode}: redirects are not followed`
                  : `HTTP ${statusCode}`,
          });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      });
      request.end(body);
    });
  }

  close(): void {
    for (const agent of [...Object.values(this.filtering), ...Object.values(this.open)]) {
      agent.destroy();
    }
  }
}

/** Retry-After in seconds, from delta-seconds or an HTTP date. */
function retryAfterOf(header: string | undefined): number | null {
  if (!header) {
    return null;
  }
  if (/^\d+$/.test(header.trim())) {
    return Number(header.trim());
  }
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
