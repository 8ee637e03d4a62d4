import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, IsUrl } from 'class-validator';
import { declareSettings, emptyToUndefined, Setting } from '../config/settings';
import type { EnvironmentVariables } from '../config/environment';

/** The settings of delivery/: each one's rules, default and description. */
export class DeliverySettings {
  @Setting({
    description:
      "`none`: run workers with no staff channel on purpose (deliveries recorded on channel `none`, re-sendable with `submissions retry`); `webhooks`: only the destinations added with `webhooks add`; empty: `STAFF_WEBHOOK_URL` and/or e-mail when set, else the service's own inbox (the console) and the added destinations",
    readBy: 'worker',
    secret: false,
  })
  @IsIn(['', 'none', 'webhooks'])
  STAFF_CHANNELS: '' | 'none' | 'webhooks' = '';

  @Setting({
    description: 'the global webhook destination; see Staff webhooks',
    readBy: 'worker',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  STAFF_WEBHOOK_URL?: string;

  @Setting({
    description:
      "the signing secret of `STAFF_WEBHOOK_URL`'s deliveries: a `whsec_` secret, or at least 16 bytes; required with the URL",
    readBy: 'worker',
    secret: true,
  })
  @IsString()
  STAFF_WEBHOOK_SECRET = '';

  @Setting({
    description: 'with `SMTP_URL`: the staff e-mail channel, one message per submission to this address',
    readBy: 'worker',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  STAFF_EMAIL_TO?: string;

  @Setting({
    description: "the sender of the staff e-mail channel's messages (and of replies when `REPLY_FROM` is empty)",
    readBy: 'worker',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({ require_tld: false })
  STAFF_EMAIL_FROM?: string;
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends DeliverySettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    readonly staff: {
      /** STAFF_CHANNELS=none: the operator chose to run workers without a staff channel. */
      noChannel: boolean;
      webhookUrl?: string;
      webhookSecret: string;
      smtpUrl?: string;
      emailTo?: string;
      emailFrom?: string;
      /** STAFF_CHANNELS=webhooks: the managed destinations are the only channel. */
      webhooksOnly: boolean;
      /**
       * No external staff channel configured (no STAFF_WEBHOOK_URL, no STAFF_EMAIL_TO, no STAFF_CHANNELS):
       * staff work in the service's own inbox, the console; managed webhook destinations still get theirs.
       */
      inboxOnly: boolean;
    };
  }
}

export const deliverySettings = declareSettings({
  room: 'delivery',
  variables: DeliverySettings,
  config: (env) => ({
    staff: {
      noChannel: env.STAFF_CHANNELS === 'none',
      webhookUrl: env.STAFF_WEBHOOK_URL,
      webhookSecret: env.STAFF_WEBHOOK_SECRET,
      smtpUrl: env.SMTP_URL,
      emailTo: env.STAFF_EMAIL_TO,
      emailFrom: env.STAFF_EMAIL_FROM,
      webhooksOnly: env.STAFF_CHANNELS === 'webhooks',
      inboxOnly: env.STAFF_CHANNELS === '' && !env.STAFF_WEBHOOK_URL && !(env.SMTP_URL && env.STAFF_EMAIL_TO),
    },
  }),
  problems: (env) => staffChannelProblems(env),
});

function staffChannelProblems(env: EnvironmentVariables): string[] {
  const problems: string[] = [];
  // SMTP_URL alone sends replies and acknowledgements; with STAFF_EMAIL_TO it is also a staff channel.
  if (env.STAFF_CHANNELS === 'none' && (env.STAFF_WEBHOOK_URL || env.STAFF_EMAIL_TO)) {
    problems.push('STAFF_CHANNELS: "none" contradicts STAFF_WEBHOOK_URL / STAFF_EMAIL_TO; unset one or the other');
  }
  if (env.STAFF_CHANNELS === 'webhooks' && (env.STAFF_WEBHOOK_URL || env.STAFF_EMAIL_TO)) {
    problems.push(
      'STAFF_CHANNELS: "webhooks" (managed destinations only) contradicts STAFF_WEBHOOK_URL / STAFF_EMAIL_TO',
    );
  }
  if (env.STAFF_WEBHOOK_SECRET.startsWith('whsec_')) {
    if (!isStandardWebhookSecret(env.STAFF_WEBHOOK_SECRET)) {
      problems.push('STAFF_WEBHOOK_SECRET: a whsec_ secret is whsec_ + base64 of 24 to 64 bytes');
    }
  } else if (env.STAFF_WEBHOOK_URL && Buffer.byteLength(env.STAFF_WEBHOOK_SECRET) < 16) {
    // Every webhook is signed: an empty or guessable key would let anyone forge one.
    problems.push('STAFF_WEBHOOK_SECRET: at least 16 bytes (ideally a whsec_ secret) when STAFF_WEBHOOK_URL is set');
  }
  if (env.STAFF_EMAIL_TO && !env.SMTP_URL) {
    problems.push('SMTP_URL: required when STAFF_EMAIL_TO is set (the staff e-mail channel sends through it)');
  }
  return problems;
}

/** `whsec_` + base64 of 24 to 64 bytes, as the Standard Webhooks spec asks. */
function isStandardWebhookSecret(secret: string): boolean {
  const base64 = secret.slice('whsec_'.length);
  if (!secret.startsWith('whsec_') || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    return false;
  }
  const bytes = Buffer.from(base64, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}
