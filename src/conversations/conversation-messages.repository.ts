import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, MoreThan, Not, Repository } from 'typeorm';
import { FieldCipher } from '../database/field-cipher';
import type { Transaction } from '../database/transactions';
import { ConversationMessageEntity } from './entities/conversation-message.entity';
import { MESSAGE_STATE, MESSAGE_TRANSITIONS, MessageTransition, SETTLED_MESSAGE_STATES } from './message-state';

/** Every query of the `conversation_messages` table. */
@Injectable()
export class ConversationMessagesRepository {
  constructor(
    @InjectRepository(ConversationMessageEntity) private readonly messages: Repository<ConversationMessageEntity>,
    private readonly cipher: FieldCipher,
  ) {}

  /** Stores a message, its personal columns sealed when encryption at rest is on (in `tx` when given). */
  async insert(message: ConversationMessageEntity, tx?: Transaction): Promise<void> {
    const repository = tx ? tx.getRepository(ConversationMessageEntity) : this.messages;
    const sealed = this.cipher.sealRow('conversation_messages', { ...message });
    await repository.insert(sealed);
  }

  findById(id: string): Promise<ConversationMessageEntity | null> {
    return this.messages.findOneBy({ id });
  }

  /**
   * The customer messages of a submission with this Message-ID (inbound mail is idempotent by it and
   * its sender): their sender columns only, the address opened.
   */
  customerMessagesWithMessageId(
    submissionId: string,
    messageId: string,
  ): Promise<Pick<ConversationMessageEntity, 'id' | 'fromAddress' | 'senderHash' | 'encKeyId'>[]> {
    return this.messages.find({
      select: { id: true, fromAddress: true, senderHash: true, encKeyId: true },
      where: { submissionId, messageId, kind: 'customer' },
    });
  }

  /**
   * Where the mail we sent (a reply, an acknowledgement) under this Message-ID is: its submission, and
   * the one it was sent from when a merge moved it (`mergedFromId`).
   */
  outgoingPlace(messageId: string): Promise<Pick<ConversationMessageEntity, 'submissionId' | 'mergedFromId'> | null> {
    return this.messages.findOne({
      select: { submissionId: true, mergedFromId: true },
      where: { messageId, kind: Not('customer') },
    });
  }

  /** Our outgoing messages (replies, acknowledgements) sent under one of these Message-IDs, newest first. */
  outgoingWithMessageIds(messageIds: string[]): Promise<ConversationMessageEntity[]> {
    return messageIds.length === 0
      ? Promise.resolve([])
      : this.messages.find({ where: { messageId: In(messageIds), kind: Not('customer') }, order: { id: 'DESC' } });
  }

  /** Whether a submission sent mail naming its root in the old form (see ConversationMessageEntity.legacyRoot). */
  async hasLegacyRoot(submissionId: string): Promise<boolean> {
    return (await this.messages.countBy({ submissionId, legacyRoot: true })) > 0;
  }

  /** A submission's messages, oldest first. */
  ofSubmission(submissionId: string): Promise<ConversationMessageEntity[]> {
    return this.messages.find({ where: { submissionId }, order: { id: 'ASC' } });
  }

  /** The messages of these submissions, oldest first; `movedFrom`: also those a merge moved from them elsewhere. */
  ofSubmissions(submissionIds: string[], options: { movedFrom?: boolean } = {}): Promise<ConversationMessageEntity[]> {
    const where = [
      { submissionId: In(submissionIds) },
      ...(options.movedFrom ? [{ mergedFromId: In(submissionIds) }] : []),
    ];
    return submissionIds.length === 0 ? Promise.resolve([]) : this.messages.find({ where, order: { id: 'ASC' } });
  }

  /** The submission whose outgoing mail carried this reply token. */
  async submissionOfToken(threadToken: string): Promise<string | null> {
    const row = await this.messages.findOne({ select: { submissionId: true }, where: { threadToken } });
    return row?.submissionId ?? null;
  }

  /**
   * Applies a transition (see MESSAGE_TRANSITIONS) as one UPDATE naming the states it leaves, with the
   * columns it records. Answers whether it changed the row.
   */
  async apply(
    id: string,
    event: MessageTransition,
    changes: Partial<Pick<ConversationMessageEntity, 'lastError' | 'sentAt'>> & { countAttempt?: boolean } = {},
    tx?: Transaction,
  ): Promise<boolean> {
    const { from, to } = MESSAGE_TRANSITIONS[event];
    const { countAttempt, ...columns } = changes;
    const result = await (tx ? tx.getRepository(ConversationMessageEntity) : this.messages).update(
      { id, state: In([...from]) },
      { ...columns, state: to, ...(countAttempt ? { attempts: () => 'attempts + 1' } : {}) },
    );
    return (result.affected ?? 0) === 1;
  }

  /** Records a failed try that will be tried again (the state stays `queued`). */
  async recordFailedTry(id: string, lastError: string): Promise<void> {
    await this.messages.update({ id, state: MESSAGE_STATE.queued }, { lastError, attempts: () => 'attempts + 1' });
  }

  /** Queued messages older than `cutoff` after id `afterId` (the reconciler checks each has its job). */
  queuedBefore(cutoff: Date, afterId: string, limit: number): Promise<Pick<ConversationMessageEntity, 'id'>[]> {
    return this.messages.find({
      select: { id: true },
      where: { state: MESSAGE_STATE.queued, createdAt: LessThan(cutoff), id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** Deletes a message that is still `queued` (an acknowledgement its limits refused); answers whether it did. */
  async deleteQueued(id: string): Promise<boolean> {
    const result = await this.messages.delete({ id, state: MESSAGE_STATE.queued });
    return (result.affected ?? 0) === 1;
  }

  /** Deletes the messages of these submissions, in `tx` (erasure and retention); answers their ids. */
  async deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<string[]> {
    const repository = tx.getRepository(ConversationMessageEntity);
    // Also those a merge moved from these submissions into another (the requester's words, wherever they went).
    const where = [{ submissionId: In(submissionIds) }, { mergedFromId: In(submissionIds) }];
    const rows = await repository.find({ select: { id: true }, where });
    if (rows.length > 0) {
      await repository.delete({ id: In(rows.map((row) => row.id)) });
    }
    return rows.map((row) => row.id);
  }

  /**
   * Moves a submission's messages into another (a merge), in `tx`: each keeps the submission it came
   * from (`merged_from_id`, the first through a chain of merges) and its thread token, so mail that
   * answers it is still recognised (see InboundMatcher). Answers the ids of the messages that stay
   * with the source:
   *  - outgoing mail not yet sent (`queued`, `failed`: any state outside SETTLED_MESSAGE_STATES). The
   *    mailer reads the recipient from the message's submission when it sends, and the reply was
   *    written to the source's requester: moved, it would be mailed to the target's. It is sent (or
   *    retried by staff) from the source, to the source's requester, and stays in the source's timeline;
   *  - a message the target already holds (the same Message-ID from the same sender, copied to both):
   *    `UPDATE IGNORE` skips the rows the unique key refuses.
   */
  async moveToSubmission(sourceId: string, targetId: string, tx: Transaction): Promise<string[]> {
    const settled = SETTLED_MESSAGE_STATES.map(() => '?').join(', ');
    await tx.query(
      `UPDATE IGNORE conversation_messages SET submission_id = ?, merged_from_id = COALESCE(merged_from_id, ?)
       WHERE submission_id = ? AND state IN (${settled})`,
      [targetId, sourceId, sourceId, ...SETTLED_MESSAGE_STATES],
    );
    const stayed = await tx
      .getRepository(ConversationMessageEntity)
      .find({ select: { id: true }, where: { submissionId: sourceId } });
    return stayed.map((row) => row.id);
  }
}
