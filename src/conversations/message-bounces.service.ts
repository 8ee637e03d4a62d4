import { Injectable } from '@nestjs/common';
import { SYSTEM_ACTOR } from '../audit/actor';
import { Transactions } from '../database/transactions';
import { SubmissionFactRecorder } from '../submissions/facts/submission-fact-recorder';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { ConversationMessagesRepository } from './conversation-messages.repository';
import { ReturnPaths } from './return-paths';

/** Bounces of the mail we sent, as inbound/ reads them: the message they are bound to marked `bounced`. */
@Injectable()
export class MessageBounces {
  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly submissions: SubmissionsRepository,
    private readonly facts: SubmissionFactRecorder,
    private readonly transactions: Transactions,
    private readonly returnPaths: ReturnPaths,
  ) {}

  /**
   * A bounce of mail we sent: the message among `messageIds` whose return path (see ReturnPaths) the
   * bounce is addressed to or quotes becomes `bounced`, with the server's status and words and the
   * server that reported it as its last error, and the fact `message_bounced` is recorded (its webhook
   * `message.bounced`, the live event, the audit). The submission is not reopened and moves to no new
   * version: nothing anyone wrote arrived. Answers `marked`; `unchanged` for a bounce of ours that
   * finds it bounced already (a second report); `unbound` when it names mail of ours without its
   * return path (anyone who saw a Message-ID can write that: nothing changes); `not ours` otherwise.
   */
  async recordBounce(bounce: {
    messageIds: string[];
    returnPathTokens: string[];
    status: string | null;
    diagnostic: string | null;
    reportingServer: string | null;
    remoteServer: string | null;
  }): Promise<'marked' | 'unchanged' | 'unbound' | 'not ours'> {
    const named = await this.messages.outgoingWithMessageIds(bounce.messageIds);
    if (named.length === 0) {
      return 'not ours';
    }
    const message = named.find((row) => this.returnPaths.binds(row.messageId, bounce.returnPathTokens));
    if (!message) {
      return 'unbound';
    }
    const submission = await this.submissions.findById(message.submissionId);
    if (!submission) {
      return 'not ours';
    }
    const lastError = bounceErrorOf(bounce);
    return this.transactions.run(async (tx) => {
      if (!(await this.messages.apply(message.id, 'bounce', { lastError }, tx))) {
        return 'unchanged';
      }
      await this.facts.record(
        {
          name: 'message_bounced',
          submissionId: submission.id,
          apiKeyId: submission.apiKeyId,
          actor: SYSTEM_ACTOR,
          data: { messageId: message.id, status: bounce.status },
        },
        tx,
      );
      return 'marked';
    });
  }
}

/** The last_error column's length. */
const LAST_ERROR_MAX = 1000;

/**
 * A bounce's last error: its status and words, then the server that reported it (and the one that
 * refused the mail, when the report names it): `5.1.1 550 ... (reported by mx.example.com, remote
 * server mx.example.org)`. The words are cut so the servers always fit the column.
 */
export function bounceErrorOf(bounce: {
  status: string | null;
  diagnostic: string | null;
  reportingServer: string | null;
  remoteServer: string | null;
}): string {
  const servers = [
    ...(bounce.reportingServer ? [`reported by ${bounce.reportingServer}`] : []),
    ...(bounce.remoteServer ? [`remote server ${bounce.remoteServer}`] : []),
  ];
  const suffix = servers.length > 0 ? ` (${servers.join(', ')})` : '';
  const words = [bounce.status, bounce.diagnostic].filter(Boolean).join(' ') || 'bounced';
  return `${words.slice(0, LAST_ERROR_MAX - suffix.length)}${suffix}`;
}
