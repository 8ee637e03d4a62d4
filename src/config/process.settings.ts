import { Transform } from 'class-transformer';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { declareSettings, Setting, toInt } from './settings';

/** The settings of process/: each one's rules, default and description. */
export class ProcessSettings {
  @Setting({
    description: '`production` requires `JWT_SECRET`; `development` logs pretty',
    readBy: 'every process',
    secret: false,
  })
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Setting({
    description: '`all` (API + worker), `api` (HTTP, produces jobs), `worker` (consumes jobs, no HTTP)',
    readBy: 'every process',
    secret: false,
  })
  @IsIn(['all', 'api', 'worker'])
  ROLE: 'all' | 'api' | 'worker' = 'all';

  @Setting({
    description:
      "how far V8 lets the heap grow past what is live before a full GC (0 = V8's own choice, about 4x: more memory under load)",
    readBy: 'every process',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(400)
  HEAP_GROWTH_PERCENT = 40;
}

declare module './environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends ProcessSettings {}
}

declare module './app-config' {
  interface AppConfig {
    readonly env: ProcessSettings['NODE_ENV'];
    readonly role: ProcessSettings['ROLE'];
    /** V8's old-generation growth after each full GC, in percent; 0 leaves V8's own heuristic. */
    readonly heapGrowthPercent: number;
  }
}

export const processSettings = declareSettings({
  room: 'process',
  variables: ProcessSettings,
  config: (env) => ({ env: env.NODE_ENV, role: env.ROLE, heapGrowthPercent: env.HEAP_GROWTH_PERCENT }),
});
