import Redis, { Cluster, RedisOptions } from 'ioredis';
import type { Writable } from 'node:stream';
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
export function connectRedis(
  settings: AppConfig['redis'],
  options: RedisConnectionOptions,
  { oneWritePerTurn = false } = {},
): RedisClient {
  if (settings.clusterNodes.length === 0) {
    const redis = new Redis(settings.url, options);
    if (oneWritePerTurn) {
      writeOncePerTurn(redis);
    }
    return redis;
  }
  const { enableOfflineQueue, enableAutoPipelining, ...nodeOptions } = options;
  const url = new URL(settings.url);
  const cluster = new Cluster(settings.clusterNodes, {
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
  if (oneWritePerTurn) {
    cluster.on('+node', (node: Redis) => writeOncePerTurn(node));
  }
  return cluster;
}

/**
 * A connection for SUBSCRIBE (pub/sub channels): it waits for Redis rather than failing its commands,
 * and ioredis subscribes again after a reconnect by itself.
 */
export function connectSubscriber(settings: AppConfig['redis']): RedisClient {
  return connectRedis(settings, {
    maxRetriesPerRequest: null,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

/**
 * The commands a connection is given during one event-loop turn go out in one socket write: the socket
 * is corked at the turn's first command and uncorked when the turn's I/O callbacks are done
 * (setImmediate), so Node hands them to the kernel as one writev. Under load a write per command was a
 * quarter of /auth.php's CPU (each write on loopback also runs the receiving side). ioredis's own
 * auto-pipelining does the same grouping at a higher price: a Pipeline object, its promises and a
 * deferral per command, which cost more than it saved. Each new socket (after a reconnection) is
 * corked the same way; nothing else about the commands changes.
 */
function writeOncePerTurn(redis: Redis): void {
  redis.on('connect', () => {
    const stream = (redis as unknown as { stream: Writable }).stream;
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    let corked = false;
    const uncork = () => {
      corked = false;
      stream.uncork();
    };
    stream.write = ((...args: unknown[]) => {
      if (!corked) {
        corked = true;
        stream.cork();
        setImmediate(uncork);
      }
      return write(...args);
    }) as Writable['write'];
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
