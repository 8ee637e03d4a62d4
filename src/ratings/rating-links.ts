import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { deriveKey } from '../config/derived-keys';
import { RATING_PATH } from '../http/contract-paths';
import type { Rating } from './survey-state';

/** How long a survey's links work. */
export const RATING_LINK_DAYS = 30;

const ID_BYTES = 16;
const EXPIRY_BYTES = 4;
/** 128 bits of HMAC-SHA256: not guessable, and a token fits a line of a plain-text mail. */
const MAC_BYTES = 16;
const PAYLOAD_BYTES = ID_BYTES + EXPIRY_BYTES;
/** base64url of 36 bytes, without padding. */
const TOKEN = /^[A-Za-z0-9_-]{48}$/;

/** What a well-signed token says. */
export interface RatingLink {
  surveyId: string;
  expiresAt: Date;
}

/**
 * The signed, single-purpose tokens of a survey's links: base64url of the survey's id (16 bytes), the
 * links' expiry (Unix seconds, 4 bytes) and 16 bytes of HMAC-SHA256 over both, under a key derived
 * (HKDF, its own label) from JWT_SECRET. Nothing is stored: the token is made again from the row
 * whenever the mail is sent, and checked by its signature before anything is read. Tokens made under a
 * secret in JWT_PREVIOUS_SECRETS still open, so rotating JWT_SECRET does not break the links customers
 * hold. They carry no personal data and not the submission's id.
 */
@Injectable()
export class RatingLinks {
  /** The current secret's key first, then those of JWT_PREVIOUS_SECRETS. */
  private readonly keys: Buffer[];

  constructor(private readonly config: AppConfig) {
    this.keys = [config.auth.jwtSecret, ...config.auth.jwtPreviousSecrets].map((secret) =>
      deriveKey(secret, 'rating-link'),
    );
  }

  /**
   * Whether links can be mailed: they must name the service's public address (PUBLIC_URL). Without it
   * no survey is made (a link to localhost would reach nobody).
   */
  get canLink(): boolean {
    return this.config.staffAuth.publicOrigin !== undefined;
  }

  /** The page's address with `rating` chosen (PUBLIC_URL, BASE_PATH, the token in the query: never logged). */
  urlOf(link: RatingLink, rating: Rating): string {
    const origin = this.config.staffAuth.publicOrigin ?? `http://localhost:${this.config.http.port}`;
    return `${origin}${this.config.http.basePath}/${RATING_PATH}?token=${this.tokenOf(link)}&rating=${rating}`;
  }

  tokenOf({ surveyId, expiresAt }: RatingLink): string {
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    Buffer.from(surveyId.replace(/-/g, ''), 'hex').copy(payload, 0);
    payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), ID_BYTES);
    return Buffer.concat([payload, this.macOf(payload, this.keys[0])]).toString('base64url');
  }

  /**
   * What a token says, when one of our keys signed it; null for anything else (malformed, cut short,
   * altered: a link that is not valid, told apart from none of the others). Its expiry is the caller's
   * to compare with the time.
   */
  read(token: unknown): RatingLink | null {
    if (typeof token !== 'string' || !TOKEN.test(token)) {
      return null;
    }
    const bytes = Buffer.from(token, 'base64url');
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    const mac = bytes.subarray(PAYLOAD_BYTES);
    if (!this.keys.some((key) => timingSafeEqual(mac, this.macOf(payload, key)))) {
      return null;
    }
    const hex = payload.subarray(0, ID_BYTES).toString('hex');
    return {
      surveyId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      expiresAt: new Date(payload.readUInt32BE(ID_BYTES) * 1000),
    };
  }

  private macOf(payload: Buffer, key: Buffer): Buffer {
    return createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
  }
}
