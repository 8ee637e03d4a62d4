import { Injectable } from '@nestjs/common';
import { ConversationMessagesRepository } from '../conversations/conversation-messages.repository';
import { ThreadIds } from '../conversations/thread-ids';
import { FieldCipher } from '../database/field-cipher';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { refOf } from '../submissions/lifecycle/submission-ref';
import { InboundMail } from '../mail/mail-parser';
import { SubmissionsRepository } from '../submissions/submissions.repository';

/**
 * What a rule found: the submission holding the mail it names (`holder`, where the chain is followed
 * from) and the one that mail was of (`answered`: a source merged into the holder, or the holder).
 */
interface Found {
  holder: string;
  answered: string;
}

/** `[#<ref>]` in a subject (Crockford base32, any letter case). */
const REF_IN_SUBJECT = /\[#([0-9A-HJKMNP-TV-Z]{8})\]/i;

export interface MailMatch {
  submissionId: string;
  /** Which rule matched: the reply token, a Message-ID we sent, or the subject's ref. */
  rule: 'token' | 'thread' | 'ref';
  /** Written by someone other than the requester: attached as another sender, never replacing them. */
  fromOther: boolean;
  /**
   * The submission the mail answers when a merge took it into `submissionId` (the chain member its
   * token, Message-ID or ref names), else null: stored as the message's `merged_from_id`, so erasing
   * and exporting that submission's requester find it as they find what the merge moved.
   */
  mergedFromId: string | null;
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
 *
 * A merged submission's mail arrives in the submission it went into (issue 42): each rule finds the
 * submission the mail answers, and the match follows `merged_into_id` to the end of the chain (A into
 * B into C: C). A merge moved the source's messages, with their thread tokens, into the target, so a
 * token is checked against the submission holding it and those merged into it; the requester of any
 * submission along the way is not "another sender". The match says which submission of the chain
 * the mail answers (`mergedFromId`), so it is stored as the source's, like the rows the merge moved.
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
      const found = token ? await this.tokenOwner(token) : null;
      if (found) {
        return this.verdict(found, 'token', sender);
      }
    }
    for (const messageId of [...mail.inReplyTo, ...mail.references]) {
      const found = await this.submissionOfOurs(messageId);
      if (found) {
        return this.verdict(found, 'thread', sender);
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
        const target = (await this.submissions.mergeTargetOf(submission.id)) ?? submission.id;
        return {
          submissionId: target,
          rule: 'ref',
          fromOther: false,
          mergedFromId: target === submission.id ? null : submission.id,
        };
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
  private async submissionOfOurs(messageId: string): Promise<Found | null> {
    const ours = this.ids.parseOurs(messageId);
    switch (ours?.kind) {
      case 'root':
        return this.tokenOwner(ours.token);
      case 'message': {
        // A message a merge moved names the submission it was sent from (merged_from_id).
        const sent = await this.messages.outgoingPlace(ours.messageId);
        return sent ? { holder: sent.submissionId, answered: sent.mergedFromId ?? sent.submissionId } : null;
      }
      case 'legacy root': {
        // Its messages may have moved with a merge: they are where its chain ends.
        const target = await this.submissions.mergeTargetOf(ours.submissionId);
        return target && (await this.messages.hasLegacyRoot(target))
          ? { holder: ours.submissionId, answered: ours.submissionId }
          : null;
      }
      default:
        return null;
    }
  }

  /**
   * The submission holding mail with this reply token, if the token is its own or that of a submission
   * merged into it (the token is an HMAC of the id it was made for: never taken on the row's word).
   */
  private async tokenOwner(token: string): Promise<Found | null> {
    const holder = await this.messages.submissionOfToken(token);
    if (!holder) {
      return null;
    }
    if (this.ids.isTokenOf(token, holder)) {
      return { holder, answered: holder };
    }
    const sources = await this.submissions.mergedSourcesOf([holder]);
    const owner = sources.find((source) => this.ids.isTokenOf(token, source));
    return owner ? { holder, answered: owner } : null;
  }

  /**
   * The match, moved to where a merged submission's chain ends; the sender is the requester when they
   * are that of the submission it ends at or of any merged into it (the mail answers one of them).
   */
  private async verdict(found: Found, rule: MailMatch['rule'], sender: string | null): Promise<MailMatch> {
    const chain: SubmissionEntity[] = [];
    let next: string | null | undefined = found.holder;
    while (next && chain.length < 32 && !chain.some((row) => row.id === next)) {
      const row: SubmissionEntity | null = await this.submissions.findById(next);
      if (!row) {
        break;
      }
      chain.push(row);
      next = row.mergedIntoId;
    }
    const target = chain.at(-1)?.id ?? found.holder;
    let requester = !!sender && chain.some((row) => this.isRequester(row, sender));
    if (sender && !requester && chain.length > 0) {
      for (const id of await this.submissions.mergedSourcesOf([target])) {
        const row = chain.some((seen) => seen.id === id) ? null : await this.submissions.findById(id);
        if (row && this.isRequester(row, sender)) {
          requester = true;
          break;
        }
      }
    }
    return {
      submissionId: target,
      rule,
      fromOther: !requester,
      mergedFromId: found.answered === target ? null : found.answered,
    };
  }

  private isRequester(submission: SubmissionEntity, sender: string): boolean {
    return submission.email !== null && this.cipher.isSameEmail(submission, sender);
  }
}
