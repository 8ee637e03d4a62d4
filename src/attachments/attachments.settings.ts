import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import { declareSettings, Setting, toInt } from '../config/settings';

/** The settings of attachments/: each one's rules, default and description. */
export class AttachmentsSettings {
  @Setting({
    description:
      'the largest file kept; a larger one is described (name, type, size, SHA-256) and marked `too_large`, its bytes dropped; a larger staff upload is 413',
    readBy: 'all',
    secret: false,
    shownDefault: '`26214400` (25 MiB)',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

  @Setting({
    description: "the most a reply's files (at most 10) weigh together: mail servers refuse larger messages",
    readBy: 'API',
    secret: false,
    shownDefault: '`20971520` (20 MiB)',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  REPLY_MAX_BYTES = 20 * 1024 * 1024;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends AttachmentsSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    /** Files customers send and staff upload: the largest kept, and the most a reply's files weigh together (bytes). */
    readonly attachments: { maxBytes: number; replyMaxBytes: number };
  }
}

export const attachmentsSettings = declareSettings({
  room: 'attachments',
  variables: AttachmentsSettings,
  config: (env) => ({ attachments: { maxBytes: env.ATTACHMENT_MAX_BYTES, replyMaxBytes: env.REPLY_MAX_BYTES } }),
});
