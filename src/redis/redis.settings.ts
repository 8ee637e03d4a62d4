import { Transform } from 'class-transformer';
import { IsOptional, IsString, IsUrl, Matches, MinLength } from 'class-validator';
import { commaList, declareSettings, emptyToUndefined, Setting } from '../config/settings';

/** The settings of redis/: each one's rules, default and description. */
export class RedisSettings {
  @Setting({ description: 'Redis 7 (`rediss://` for TLS)', readBy: 'every process, CLI', secret: false })
  @IsUrl({ protocols: ['redis', 'rediss'], require_tld: false, require_protocol: true })
  REDIS_URL = 'redis://127.0.0.1:6379';

  @Setting({
    description: 'prefix of every Redis key (no braces: hash tags are added where a cluster needs them)',
    readBy: 'every process, CLI',
    secret: false,
  })
  @IsString()
  @MinLength(1)
  @Matches(/^[^{}\s]+$/, { message: 'no braces or white space (hash tags are added where a cluster needs them)' })
  REDIS_PREFIX = 'contact-intake';

  @Setting({
    description:
      '`host:port,...` of some Redis Cluster nodes: queues, limits, sessions and the dashboard run on the cluster; `REDIS_URL` then only lends its user, password and `rediss:` (see Scaling beyond one machine)',
    readBy: 'every process, CLI',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^\s*[^\s:,]+:\d{1,5}\s*(,\s*[^\s:,]+:\d{1,5}\s*)*$/, { message: 'a comma list of host:port' })
  REDIS_CLUSTER_NODES?: string;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends RedisSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    /** One Redis at `url`, or a cluster reached through `clusterNodes` (then `url` lends credentials and TLS). */
    readonly redis: { url: string; prefix: string; clusterNodes: { host: string; port: number }[] };
  }
}

export const redisSettings = declareSettings({
  room: 'redis',
  variables: RedisSettings,
  config: (env) => ({
    redis: {
      url: env.REDIS_URL,
      prefix: env.REDIS_PREFIX,
      clusterNodes: commaList(env.REDIS_CLUSTER_NODES ?? '').map((node) => {
        const [host, port] = node.split(':');
        return { host, port: Number(port) };
      }),
    },
  }),
});
