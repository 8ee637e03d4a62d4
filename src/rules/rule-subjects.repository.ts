import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ConversationMessageEntity } from '../conversations/entities/conversation-message.entity';
import type { Transaction } from '../database/transactions';
import { SubmissionEntity } from '../submissions/entities/submission.entity';
import { SubmissionFields } from '../submissions/lifecycle/submission-fields.service';
import { RuleFieldValues, ruleFieldValuesOf } from './rule-field-conditions';

/**
 * What rules read of a submission: its row (personal columns opened on load), its custom fields' values
 * (opened too), and a mail of it.
 */
@Injectable()
export class RuleSubjectsRepository {
  constructor(
    @InjectRepository(SubmissionEntity) private readonly submissions: Repository<SubmissionEntity>,
    @InjectRepository(ConversationMessageEntity) private readonly messages: Repository<ConversationMessageEntity>,
    private readonly fields: SubmissionFields,
  ) {}

  /** The submission's custom fields' values (current and retired fields), in `tx` when given. */
  async fieldValues(submission: { id: string; apiKeyId: string }, tx?: Transaction): Promise<RuleFieldValues> {
    return ruleFieldValuesOf(await this.fields.ofOne(submission, tx));
  }

  /** The submission in `tx`, its row locked until the change commits (rules change it from what they read). */
  forUpdate(id: string, tx: Transaction): Promise<SubmissionEntity | null> {
    return tx
      .getRepository(SubmissionEntity)
      .createQueryBuilder('submission')
      .setLock('pessimistic_write')
      .where('submission.id = :id', { id })
      .getOne();
  }

  /** The submission as it is now (the rule test). */
  findById(id: string): Promise<SubmissionEntity | null> {
    return this.submissions.findOneBy({ id });
  }

  /** One message's subject and text, in `tx` when given. */
  async messageText(
    id: string,
    tx?: Transaction,
  ): Promise<{ subject: string | null; body: string; submissionId: string } | null> {
    const messages = tx ? tx.getRepository(ConversationMessageEntity) : this.messages;
    const message = await messages.findOneBy({ id });
    return message ? { subject: message.subject, body: message.body, submissionId: message.submissionId } : null;
  }

  /** The newest customer message of a submission (the rule test of message_received), or null. */
  async latestCustomerMessage(submissionId: string): Promise<{ subject: string | null; body: string } | null> {
    const message = await this.messages.findOne({
      where: { submissionId, kind: 'customer' },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return message ? { subject: message.subject, body: message.body } : null;
  }
}
