import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { declareSettings, Setting, toInt } from '../config/settings';

/** The settings of live/: each one's rules, default and description. */
export class LiveSettings {
  @Setting({
    description:
      'seconds (1-300) between the heartbeat comments of an open event stream (`GET /staff/api/stream`), which keep proxies from closing it and check that its session still holds; a proxy in front must not buffer `text/event-stream` and must allow connections idle this long',
    readBy: 'API',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(300)
  LIVE_HEARTBEAT_INTERVAL = 20;

  @Setting({
    description:
      'open event streams (`GET /staff/api/stream`, one per console tab) one staff account may hold at once, counted across every API process in Redis (a place lapses three heartbeats after its process stops renewing it); one more answers 429 and that tab polls instead',
    readBy: 'API',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  STAFF_MAX_STREAMS = 20;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends LiveSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    /**
     * The live console: seconds between an event stream's heartbeats (and session checks), and the open
     * streams one account may hold across the deployment.
     */
    readonly live: { heartbeatInterval: number; maxStreamsPerAccount: number };
  }
}

export const liveSettings = declareSettings({
  room: 'live',
  variables: LiveSettings,
  config: (env) => ({
    live: { heartbeatInterval: env.LIVE_HEARTBEAT_INTERVAL, maxStreamsPerAccount: env.STAFF_MAX_STREAMS },
  }),
});
