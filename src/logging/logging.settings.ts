import { IsIn } from 'class-validator';
import { declareSettings, Setting } from '../config/settings';

/** The settings of logging/: each one's rules, default and description. */
export class LoggingSettings {
  @Setting({
    description: '`fatal`, `error`, `warn`, `log`, `debug`, `verbose`',
    readBy: 'every process',
    secret: false,
  })
  @IsIn(['fatal', 'error', 'warn', 'log', 'debug', 'verbose'])
  LOG_LEVEL = 'log';
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends LoggingSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    readonly logLevel: string;
  }
}

export const loggingSettings = declareSettings({
  room: 'logging',
  variables: LoggingSettings,
  config: (env) => ({ logLevel: env.LOG_LEVEL }),
});
