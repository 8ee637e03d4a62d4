import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { declareSettings, emptyToUndefined, Setting } from '../config/settings';

/** The settings of admin/: each one's rules, default and description. */
export class AdminSettings {
  @Setting({
    description:
      'the Basic auth user of `/admin/queues`; the dashboard is not mounted unless both `ADMIN_USER` and `ADMIN_PASSWORD` are set',
    readBy: 'API',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ADMIN_USER?: string;

  @Setting({
    description: 'the Basic auth password of `/admin/queues` (with `ADMIN_USER`)',
    readBy: 'API',
    secret: true,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ADMIN_PASSWORD?: string;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends AdminSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    readonly admin: { user?: string; password?: string };
  }
}

export const adminSettings = declareSettings({
  room: 'admin',
  variables: AdminSettings,
  config: (env) => ({ admin: { user: env.ADMIN_USER, password: env.ADMIN_PASSWORD } }),
  problems: (env) =>
    Boolean(env.ADMIN_USER) !== Boolean(env.ADMIN_PASSWORD) ? ['ADMIN_USER, ADMIN_PASSWORD: set both or neither'] : [],
});
