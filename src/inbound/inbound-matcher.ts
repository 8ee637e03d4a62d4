import { Injectable } from '@nestjs/common';
import { ConversationMessagesRepository } from '../conversations/conversation-messages.repository';
import { ThreadIds } from '../conversations/thread-ids';
import { FieldCipher } from '../database/field-cipher';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { refOf } from '../submissions/submission-ref';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { InboundMail } from '../mail/mail-parser';

/** `[#<ref>]` in a subject (Crockford base32, any letter case). */
const REF_IN_SUBJECT = /\[#([0-9A-HJKMNP-TV-Z]{8})\]/i;

export interface MailMatch {
  submissionId: string;
  /** Which rule matched: the reply token, a Message-ID we sent, or the subject's ref. */
  rule: 'token' | 'thread' | 'ref';
  /** Written by someone other than the requester: attached as another sender, never replacing them. */
  fromOther: boolean;
}

/**
 * Finds the submission an inbound mail answers, in the contract's order, and never guesses:
 *  1. the reply token of a plus-address (INBOUND_ADDRESS) in any To, Cc or Delivered-To address,
 *     checked against the submission it names (an HMAC: not forgeable, not the id);
 *  2. a Message-ID we sent (a reply's, or the request's root) in In-Reply-To or References (see
 *     submissionOfOurs);
 *  3. `[#<ref>]` in the subject, only when the sender is the submission's own address (a stranger
 *     writing "Re: [#ref]" matches nothing).
 * A sender other than the requester, matched by 1 or 2, is marked `fromOther`.
 */
@Injectable()
export class InboundMatcher {
  constructor(
    private readonly ids: ThreadIds,
    private readonly messages: ConversationMessagesRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly cipher: FieldCipher,
  ) {}

  async match(mail: InboundMail): Promise<MailMatch | null> {
    const sender = mail.from?.address ?? null;
    for (const { address } of [...mail.to, ...mail.cc, ...mail.deliveredTo]) {
      const token = this.ids.tokenIn(address);
      const submissionId = token ? await this.messages.submissionOfToken(token) : null;
      if (token && submissionId && this.ids.isTokenOf(token, submissionId)) {
        return this.verdict(submissionId, 'token', sender);
      }
    }
    for (const messageId of [...mail.inReplyTo, ...mail.references]) {
      const submissionId = await this.submissionOfOurs(messageId);
      if (submissionId) {
        return this.verdict(submissionId, 'thread', sender);
      }
    }
    const ref = REF_IN_SUBJECT.exec(mail.subject)?.[1].toUpperCase();
    if (ref && sender) {
      const own = (await this.submissions.findByEmailHashes(this.cipher.emailHashes(sender))).filter(
        (row) => this.cipher.isSameEmail(row, sender) && refOf(row.id) === ref,
      );
      // Newest first: the same person's references alike (40 bits) would need a billion requests.
      const submission = own.sort((a, b) => b.id.localeCompare(a.id))[0];
      if (submission) {
        return { submissionId: submission.id, rule: 'ref', fromOther: false };
      }
    }
    return null;
  }

  /**
   * The submission one of our Message-IDs belongs to: a root by its token (checked against the
   * submission it names, like a plus-address); a message we sent by its stored Message-ID, never a
   * customer's (their row ids reach staff and webhook receivers, and their Message-IDs are theirs to
   * choose); a root of the old form `submission.<id>` only for a submission that sent mail with it
   * before issue 36. That rule needs no clock: the mail was sent, so its customer may answer it, while
   * a submission that never sent it is not reachable by its id, which its client and every webhook
   * receiver know.
   */
  private async submissionOfOurs(messageId: string): Promise<string | null> {
    const ours = this.ids.parseOurs(messageId);
    switch (ours?.kind) {
      case 'root': {
        const submissionId = await this.messages.submissionOfToken(ours.token);
        return submissionId && this.ids.isTokenOf(ours.token, submissionId) ? submissionId : null;
      }
      case 'message':
        return this.messages.submissionOfOutgoing(ours.messageId);
      case 'legacy root':
        return (await this.messages.hasLegacyRoot(ours.submissionId)) ? ours.submissionId : null;
      default:
        return null;
    }
  }

  private async verdict(submissionId: string, rule: MailMatch['rule'], sender: string | null): Promise<MailMatch> {
    const submission = await this.submissions.findById(submissionId);
    return { submissionId, rule, fromOther: !sender || !submission || !this.isRequester(submission, sender) };
  }

  private isRequester(submission: SubmissionEntity, sender: string): boolean {
    return submission.email !== null && this.cipher.isSameEmail(submission, sender);
  }
}
