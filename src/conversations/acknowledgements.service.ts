import { Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { FieldCipher } from '../database/field-cipher';
import { isDuplicateKey } from '../database/duplicate-key';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { Transaction } from '../database/transactions';
import { AfterCommitWork, OnSubmissionFact, SubmissionFact } from '../submissions/facts/submission-facts';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { MetricsService } from '../metrics/metrics.service';
import { fillAcknowledgement } from './ack-text';
import { AckThrottle } from './ack-throttle';
import { canonicalMailbox } from './canonical-mailbox';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { ConversationMessageEntity } from './entities/conversation-message.entity';
import { newConversationMessage } from './entities/new-conversation-message';
import { MessageJobs } from './message-jobs';
import { MESSAGE_STATE } from './message-state';
import { ThreadIds } from './thread-ids';

/**
 * Automatic acknowledgements (issue 54, point 3: a stored row first, the throttle when it is sent).
 * The row is written in the transaction that counts the submission's first delivery attempt (a handler
 * of its fact `delivery_started`), so the
 * attempt and the acknowledgement commit together or not at all; its job is queued after the commit
 * and the queue reconciler adds it again if Redis lost it. The throttle is taken by the worker that
 * sends it, for that row (see AckThrottle: taking it again for the same submission is free), so a
 * fault can neither spend a token without a row nor leave a row the throttle never decided: a row
 * `queued` is undecided, `sent` was taken, and a refused one is deleted (no row, as before issue 54).
 */
@Injectable()
export class Acknowledgements {
  private readonly logger = new Logger(Acknowledgements.name);

  constructor(
    private readonly apiKeys: ApiKeysRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly messages: ConversationMessagesRepository,
    private readonly jobs: MessageJobs,
    private readonly ids: ThreadIds,
    private readonly ackThrottle: AckThrottle,
    private readonly cipher: FieldCipher,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * A submission's first delivery attempt, in its transaction: the key's acknowledgement, if it has one,
   * stored with it; its job queued once it has committed.
   */
  @OnSubmissionFact({ phase: 'in transaction', facts: ['delivery_started'] })
  async acknowledge(fact: SubmissionFact, tx: Transaction): Promise<AfterCommitWork | void> {
    const apiKey = await this.apiKeys.findById(fact.apiKeyId);
    if (!apiKey?.autoAckSubject || !apiKey.autoAckBody) {
      return;
    }
    const submission = await this.submissions.findById(fact.submissionId);
    const template = { subject: apiKey.autoAckSubject, body: apiKey.autoAckBody };
    if (submission && (await this.store(submission, template, tx))) {
      return () => this.jobs.queue(submission.id);
    }
  }

  /**
   * The key's automatic acknowledgement of a new submission (`auto_ack`, off by default), stored in
   * `tx`: once per submission (the message's row id is the submission's, so a second try meets the
   * primary key), only when there is an address, never for inbound mail whose sender the trusted
   * receiving server did not vouch for (`senderVerified` false: anyone can write any From). It carries
   * nothing the sender wrote but a plain name (see fillAcknowledgement), and goes with
   * `Auto-Submitted: auto-replied`. Answers whether one was stored. Never for spam: the caller decides
   * that before.
   */
  async store(
    submission: { id: string; name: string | null; email: string | null; senderVerified: boolean | null },
    template: { subject: string; body: string },
    tx: Transaction,
  ): Promise<boolean> {
    if (!submission.email) {
      return false;
    }
    if (submission.senderVerified === false) {
      this.metrics.ackRefused('unverified_sender');
      return false;
    }
    const { subject, body } = fillAcknowledgement(template, submission);
    try {
      await this.messages.insert(
        newConversationMessage({
          id: submission.id,
          submissionId: submission.id,
          kind: 'ack',
          state: MESSAGE_STATE.queued,
          // Its own id, not the row's: the row's is the submission's, and a Message-ID anyone who knows
          // the submission's id could write would thread their mail into it (issue 36).
          messageId: this.ids.messageIdOf(uuidv7()),
          // Always, with or without a Reply-To: the root Message-ID is the same token (see ThreadIds).
          threadToken: this.ids.tokenOf(submission.id),
          automatic: true,
          subject,
          body,
        }),
        tx,
      );
    } catch (error) {
      if (isDuplicateKey(error)) {
        return false;
      }
      throw error;
    }
    return true;
  }

  /**
   * Whether a queued acknowledgement may go to `email` now: at most one per mailbox (however it is
   * spelled: canonicalMailbox) and key an hour and ACK_MAX_PER_KEY_HOUR per key (so neither a form
   * posted in a loop nor forged mail makes the service a mail cannon). A refused one is deleted, which
   * is its decision stored. While Redis is away this throws, so the job tries again later (fail closed,
   * but not lost: the row stays `queued`).
   */
  async mayStillSend(
    message: ConversationMessageEntity,
    submission: { apiKeyId: string; email: string },
  ): Promise<boolean> {
    const refused = await this.ackThrottle.take(
      submission.apiKeyId,
      this.cipher.emailHash(canonicalMailbox(submission.email)),
      message.submissionId,
    );
    if (refused === 'unavailable') {
      this.metrics.ackRefused(refused);
      throw new Error('the acknowledgement limits are unavailable (Redis); tried again later');
    }
    if (refused) {
      this.metrics.ackRefused(refused);
      if (refused === 'key_cap') {
        this.logger.warn(`Acknowledgement of ${message.submissionId} not sent: its key reached ACK_MAX_PER_KEY_HOUR`);
      }
      await this.messages.deleteQueued(message.id);
      return false;
    }
    return true;
  }
}
