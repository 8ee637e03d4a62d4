import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Min, MinLength } from 'class-validator';
import { commaList, declareSettings, emptyToUndefined, Setting, toInt } from '../config/settings';

/** The settings of inbound/: each one's rules, default and description. */
export class InboundSettings {
  @Setting({
    description: 'bearer token of `POST /inbound/email` (16+ characters); unset, the route answers 404',
    readBy: 'API',
    secret: true,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16)
  INBOUND_TOKEN?: string;

  @Setting({
    description:
      'an API key id: mail that matches no submission becomes a new submission of that key instead of waiting in the unmatched list',
    readBy: 'all',
    secret: false,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUUID()
  INBOUND_NEW_SUBMISSIONS_KEY?: string;

  @Setting({
    description:
      'unmatched and unreadable mail kept for admins at most; beyond it the oldest go, counted in `inbound_unmatched_dropped_total`',
    readBy: 'API, worker',
    secret: false,
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  INBOUND_UNMATCHED_MAX = 10_000;

  @Setting({
    description:
      'comma list of the `authserv-id`s of your receiving mail servers (`mx.example.com`): a submission made from inbound mail is acknowledged only when the topmost `Authentication-Results` header of one of them says the From domain passed DMARC (or SPF aligned with it); empty, such submissions are never acknowledged',
    readBy: 'all',
    secret: false,
  })
  @IsString()
  INBOUND_TRUSTED_AUTHSERV_ID = '';
}

declare module '../config/environment' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EnvironmentVariables extends InboundSettings {}
}

declare module '../config/app-config' {
  interface AppConfig {
    /** Matching inbound mail: the route's token, what becomes of unmatched mail, whose checks are believed. */
    readonly inbound: {
      /** INBOUND_TOKEN: the bearer token of POST /inbound/email; undefined: the route answers 404. */
      token?: string;
      newSubmissionsKeyId?: string;
      unmatchedMax: number;
      /** INBOUND_TRUSTED_AUTHSERV_ID, lower-cased; empty: no inbound-mail submission is acknowledged. */
      trustedAuthservIds: string[];
    };
  }
}

export const inboundSettings = declareSettings({
  room: 'inbound',
  variables: InboundSettings,
  config: (env) => ({
    inbound: {
      token: env.INBOUND_TOKEN,
      newSubmissionsKeyId: env.INBOUND_NEW_SUBMISSIONS_KEY?.toLowerCase(),
      unmatchedMax: env.INBOUND_UNMATCHED_MAX,
      trustedAuthservIds: commaList(env.INBOUND_TRUSTED_AUTHSERV_ID.toLowerCase()),
    },
  }),
});
