import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { declareSettings, emptyToUndefined, Setting, toInt } from '../config/settings';
import { EncryptionKey, parseEncryptionKeys } from '../database/encryption-keys';

/** The settings of privacy/: each one's rules, default and description. */
export class PrivacySettings {
  @Setting({
    description:
      'days closed and spam submissions are kept before the daily retention job deletes them; a key may say otherwise (`keys set-retention`)',
    readBy: 'worker, CLI',
    secret: false,
    shownDefault: 'empty (forever)',
  })
  @Transform(({ value }: { value: unknown }) => (value === '' || value === 'off' ? undefined : toInt({ value })))
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(36_500)
  RETENTION_DAYS?: number;

  @Setting({
    description:
      '`<id>:<base64 of 32 bytes>,...`: personal fields and notes stored AES-256-GCM encrypted under the first key; the others still decrypt older rows (see Personal data)',
    readBy: 'API, worker, CLI',
    secret: true,
    shownDefault: 'empty (off)',
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  DATA_ENCRYPTION_KEYS?: string;

  @Setting({
    description:
      'base64 of 32 bytes: the HMAC key of `email_hash`, kept apart from the data keys so rows under a removed data key are still found by address (see Personal data)',
    readBy: 'API, worker, CLI',
    secret: true,
    shownDefault: 'empty (per data key)',
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  EMAIL_HASH_KEY?: string;

  @Setting({
    description:
      'a file the erasure log is also appended to (JSON lines, keyed hashes only), on storage that is not restored with the database: erasures made after a backup are applied again when it is restored (see [Backups and restores](#backups-and-restores)); its directory must exist',
    readBy: 'API, worker, CLI',
    secret: false,
    shownDefault: 'empty (database only)',
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ERASURE_LOG_FILE?: string;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends PrivacySettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    /**
     * Personal data: days closed and spam submissions are kept (null: forever, unless a key says
     * otherwise), and the data-encryption keys (empty: stored in clear; the first seals new rows).
     */
    readonly privacy: {
      retentionDays: number | null;
      encryptionKeys: EncryptionKey[];
      emailHashKey: Buffer | null;
      /** ERASURE_LOG_FILE: where the erasure log is mirrored outside the database (null: not mirrored). */
      erasureLogFile: string | null;
    };
  }
}

export const privacySettings = declareSettings({
  room: 'privacy',
  variables: PrivacySettings,
  config: (env) => ({
    privacy: {
      retentionDays: env.RETENTION_DAYS ?? null,
      // Validated already: a string (what is wrong) never gets here.
      encryptionKeys: env.DATA_ENCRYPTION_KEYS
        ? (parseEncryptionKeys(env.DATA_ENCRYPTION_KEYS) as EncryptionKey[])
        : [],
      emailHashKey: env.EMAIL_HASH_KEY ? Buffer.from(env.EMAIL_HASH_KEY, 'base64') : null,
      erasureLogFile: env.ERASURE_LOG_FILE ?? null,
    },
  }),
  problems: (env) => {
    const problems: string[] = [];
    const keys = env.DATA_ENCRYPTION_KEYS ? parseEncryptionKeys(env.DATA_ENCRYPTION_KEYS) : [];
    if (typeof keys === 'string') {
      problems.push(`DATA_ENCRYPTION_KEYS: ${keys}`);
    }
    if (env.EMAIL_HASH_KEY && Buffer.from(env.EMAIL_HASH_KEY, 'base64').length !== 32) {
      problems.push('EMAIL_HASH_KEY: base64 of exactly 32 bytes (openssl rand -base64 32)');
    }
    return problems;
  },
});
