import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { declareSettings, Setting, toInt } from '../config/settings';

/** The settings of canned-replies/: each one's rules, default and description. */
export class CannedRepliesSettings {
  @Setting({
    description:
      'canned replies the installation keeps at most (titles 1-100 characters, bodies up to 20 000); adding one more answers 409 until one is deleted',
    readBy: 'API',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100_000)
  CANNED_REPLIES_MAX = 500;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends CannedRepliesSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    /** Canned replies: how many the installation keeps at most. */
    readonly cannedReplies: { maxCount: number };
  }
}

export const cannedRepliesSettings = declareSettings({
  room: 'canned-replies',
  variables: CannedRepliesSettings,
  config: (env) => ({ cannedReplies: { maxCount: env.CANNED_REPLIES_MAX } }),
});
