import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { declareSettings, Setting, toInt } from '../config/settings';

/** The settings of spam/: each one's rules, default and description. */
export class SpamSettings {
  @Setting({
    description:
      "seconds within which the same key's submission with the same content (case, spacing and Unicode forms folded) is a duplicate: flagged as spam (1-86 400)",
    readBy: 'API',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86_400)
  SPAM_DUPLICATE_WINDOW = 600;

  @Setting({
    description:
      "days a sender stays marked after staff move one of their submissions to Spam: that key's further submissions from the address are flagged (1-3 650)",
    readBy: 'API',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3_650)
  SPAM_MARK_DAYS = 90;

  @Setting({
    description:
      "days a submission stays in Spam (flagged, or moved there by staff) before the daily retention job deletes it, whatever the key's retention says (1-36 500)",
    readBy: 'worker, CLI',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(36_500)
  SPAM_RETENTION_DAYS = 14;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends SpamSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    /** The intake's spam checks (seconds and days). */
    readonly spam: { duplicateWindow: number; markDays: number; retentionDays: number };
  }
}

export const spamSettings = declareSettings({
  room: 'spam',
  variables: SpamSettings,
  config: (env) => ({
    spam: {
      duplicateWindow: env.SPAM_DUPLICATE_WINDOW,
      markDays: env.SPAM_MARK_DAYS,
      retentionDays: env.SPAM_RETENTION_DAYS,
    },
  }),
});
