import Redis, { Cluster, RedisOptions } from 'ioredis';
import { AppConfig } from '../config/app-config';

/** A connection to Redis: one server, or a Redis Cluster (REDIS_CLUSTER_NODES). Same commands either way. */
export type RedisClient = Redis | Cluster;

/** What a caller may ask of a connection; `enableOfflineQueue` applies to the cluster as a whole. */
export type RedisConnectionOptions = Omit<RedisOptions, 'host' | 'port' | 'path'>;

/**
 * Opens a connection to the configured Redis. In a cluster the given options apply to each node's
 * connection; ioredis follows MOVED/ASK redirections, refreshes the slot map, and while a master's
 * replica is being promoted retries commands on CLUSTERDOWN and failover errors for a moment before
 * they fail (callers on the request path fail open; queue connections wait).
 */
export function connectRedis(settings: AppConfig['redis'], options: RedisConnectionOptions): RedisClient {
  if (settings.clusterNodes.length === 0) {
    return new Redis(settings.url, options);
  }
  const { enableOfflineQueue, enableAutoPipelining, ...nodeOptions } = options;
  const url = new URL(settings.url);
  return new Cluster(settings.clusterNodes, {
    enableOfflineQueue: enableOfflineQueue ?? true,
    enableAutoPipelining,
    redisOptions: {
      ...nodeOptions,
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      tls: url.protocol === 'rediss:' ? {} : undefined,
    },
    clusterRetryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 300,
    slotsRefreshTimeout: 2000,
  });
}

/** What ioredis says when a command cannot reach Redis (as opposed to Redis answering an error). */
const UNREACHABLE = [
  "isn't writeable and enableOfflineQueue options is false",
  "isn't ready and enableOfflineQueue options is false",
  'Connection is closed.',
  'Command timed out',
  'None of startup nodes is available',
  'Failed to refresh slots cache.',
  'Reached the max retries per request limit',
];

/** True when `error` means Redis could not be reached right now: a 503 to retry, not a bug. */
export function isRedisUnavailable(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && UNREACHABLE.some((text) => message.includes(text));
}

/**
 * Every key of one BullMQ queue must live in one slot (its scripts touch several at once): in a
 * cluster the queue prefix is a hash tag, `{<REDIS_PREFIX>}:bull`, so they do. One server keeps the
 * plain `<REDIS_PREFIX>:bull` it always had, so an upgrade finds its queued jobs.
 */
export function queuePrefix(settings: AppConfig['redis']): string {
  return settings.clusterNodes.length > 0 ? `{${settings.prefix}}:bull` : `${settings.prefix}:bull`;
}

/**
 * A key of a Lua script: every key one script touches carries the same hash tag (`{tag}`), so in a
 * cluster they share a slot and the script runs on one node (CROSSSLOT otherwise). The tag is what the
 * script limits (an API key's id, a client IP), which spreads different subjects over the cluster.
 */
export function scriptKey(prefix: string, tag: string, suffix: string): string {
  return `${prefix}:{${tag}}:${suffix}`;
}
