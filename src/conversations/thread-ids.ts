import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { deriveKey } from '../config/derived-keys';
import { base32 } from '../submissions/lifecycle/submission-ref';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The reply token's form: 20 base32 characters, lower-cased (see tokenOf). */
const TOKEN = '[0-9a-z]{20}';

/** One of our Message-IDs, recognised (see parseOurs). */
export type OurMessageId =
  /** A submission's root: its reply token (every submission created since issue 36). */
  | { kind: 'root'; token: string }
  /** A root of the old form, `submission.<id>@domain`: only submissions that sent mail with it accept it. */
  | { kind: 'legacy root'; submissionId: string }
  /** One of the messages we send (a reply's, an acknowledgement's), as stored: look it up by this. */
  | { kind: 'message'; messageId: string };

/**
 * What threads mail to a submission, and nothing else:
 * - the submission's `ref` (see refOf) in `[#<ref>]` subjects.
 * - Message-IDs: `submission.<reply token>@<domain>` for the request (the thread's root) and
 *   `message.<id>@<domain>` for each message we send, so an `In-Reply-To`/`References` naming one is
 *   recognised as ours.
 * - the reply token: 20 base32 characters of an HMAC of the submission id under a key derived from
 *   JWT_SECRET, carried in the plus-addressed Reply-To (`support+<token>@example.com`): opaque, not
 *   the id, not guessable.
 *
 * The root was `submission.<id>@<domain>` before issue 36: anyone who knows a submission's id (its
 * client, webhook receivers) could thread mail into it. It is now the reply token itself, not a second
 * HMAC under another label: both travel in the same mails to the same people (Reply-To and
 * References), so whoever has one has the other and a second secret would protect nothing, while the
 * one token is already stored beside each outgoing message (`thread_token`) and checked in constant
 * time. The old form is still recognised, for the submissions that sent mail with it (see
 * InboundMatcher).
 */
@Injectable()
export class ThreadIds {
  readonly domain: string;
  private readonly tokenKey: Buffer;
  private readonly ours: RegExp;

  constructor(private readonly config: AppConfig) {
    this.domain = (config.mail.inboundAddress ?? config.mail.replyFrom).split('@').pop()!.toLowerCase();
    this.tokenKey = deriveKey(config.auth.jwtSecret, 'reply-token');
    this.ours = new RegExp(
      `^(?:submission\\.(?:(${UUID})|(${TOKEN}))|message\\.(${UUID}))@${this.domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
      'i',
    );
  }

  /**
   * The thread's root Message-ID: the reply token's, or for a submission that sent mail before issue 36
   * (`legacy`: one of its messages says so) the old `submission.<id>` its customer's mail still names.
   */
  rootMessageIdOf(submissionId: string, legacy: boolean): string {
    return `submission.${legacy ? submissionId : this.tokenOf(submissionId)}@${this.domain}`;
  }

  messageIdOf(messageRowId: string): string {
    return `message.${messageRowId}@${this.domain}`;
  }

  /** Which of our ids a Message-ID is (angle brackets already stripped), or null when it is not ours. */
  parseOurs(messageId: string): OurMessageId | null {
    const match = this.ours.exec(messageId.trim());
    if (!match) {
      return null;
    }
    const [, legacyRoot, token, message] = match;
    if (legacyRoot) {
      return { kind: 'legacy root', submissionId: legacyRoot.toLowerCase() };
    }
    return token
      ? { kind: 'root', token: token.toLowerCase() }
      : { kind: 'message', messageId: this.messageIdOf(message.toLowerCase()) };
  }

  tokenOf(submissionId: string): string {
    return base32(createHmac('sha256', this.tokenKey).update(submissionId).digest(), 20).toLowerCase();
  }

  /** Whether `token` is the reply token of `submissionId` (constant time). */
  isTokenOf(token: string, submissionId: string): boolean {
    const expected = Buffer.from(this.tokenOf(submissionId));
    const given = Buffer.from(token.toLowerCase());
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The plus-address replies carry as Reply-To (null without INBOUND_ADDRESS). */
  replyAddressOf(submissionId: string): string | null {
    const inbound = this.config.mail.inboundAddress;
    if (!inbound) {
      return null;
    }
    const at = inbound.lastIndexOf('@');
    return `${inbound.slice(0, at)}+${this.tokenOf(submissionId)}${inbound.slice(at)}`;
  }

  /** The token in an address `local+<token>@domain` of INBOUND_ADDRESS, if there is one. */
  tokenIn(address: string): string | null {
    const inbound = this.config.mail.inboundAddress;
    if (!inbound) {
      return null;
    }
    const at = inbound.lastIndexOf('@');
    const [local, domain] = [inbound.slice(0, at).toLowerCase(), inbound.slice(at + 1).toLowerCase()];
    const match = /^([^+@]+)\+([0-9a-z]{20})@(.+)$/i.exec(address.trim());
    return match && match[1].toLowerCase() === local && match[3].toLowerCase() === domain
      ? match[2].toLowerCase()
      : null;
  }
}
