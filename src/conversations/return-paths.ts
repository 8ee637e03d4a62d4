import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { deriveKey } from '../config/derived-keys';
import { returnPathOf } from '../mail/return-path';
import { base32 } from '../submissions/lifecycle/submission-ref';

/**
 * The return path (SMTP envelope sender) of each message of a conversation we send:
 * `<local>+b-<token>@<domain>` of INBOUND_ADDRESS (REPLY_FROM without it), where the token is 20 base32
 * characters of an HMAC of the message's Message-ID under a key derived (HKDF, its own label) from
 * JWT_SECRET. A bounce marks a message only when it is addressed to that message's return path (or
 * quotes it): a Message-ID alone is no proof, since everyone it was sent to, copied or forwarded can
 * name it. Nothing is stored: the token is made again from the Message-ID; tokens made under a secret
 * in JWT_PREVIOUS_SECRETS still bind, so rotating JWT_SECRET does not orphan bounces on their way.
 */
@Injectable()
export class ReturnPaths {
  /** The current secret's key first, then those of JWT_PREVIOUS_SECRETS. */
  private readonly keys: Buffer[];
  private readonly mailbox: string;

  constructor(config: AppConfig) {
    this.keys = [config.auth.jwtSecret, ...config.auth.jwtPreviousSecrets].map((secret) =>
      deriveKey(secret, 'return-path'),
    );
    this.mailbox = config.mail.inboundAddress ?? config.mail.replyFrom;
  }

  /** The envelope sender of the message whose Message-ID is `messageId`. */
  addressOf(messageId: string): string {
    return returnPathOf(this.mailbox, this.tokenOf(messageId, this.keys[0]));
  }

  /** Whether one of `tokens` (as a bounce names them) is the return-path token of `messageId` (constant time). */
  binds(messageId: string, tokens: readonly string[]): boolean {
    const expected = this.keys.map((key) => Buffer.from(this.tokenOf(messageId, key)));
    return tokens.some((token) => {
      const given = Buffer.from(token.toLowerCase());
      return expected.some((one) => one.length === given.length && timingSafeEqual(one, given));
    });
  }

  private tokenOf(messageId: string, key: Buffer): string {
    return base32(createHmac('sha256', key).update(messageId).digest(), 20).toLowerCase();
  }
}
