import { Injectable } from '@nestjs/common';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { AppConfig } from '../config/app-config';
import { MailSenderAddress } from '../mail/smtp-mailer';

/** The From of mail to a submission's requester (replies, acknowledgements, surveys). */
@Injectable()
export class RequesterMailSenders {
  constructor(
    private readonly apiKeys: ApiKeysRepository,
    private readonly config: AppConfig,
  ) {}

  /** Who mail to a key's requesters comes from: the key's `reply_from`, else REPLY_FROM. */
  async senderOf(apiKeyId: string): Promise<MailSenderAddress> {
    const key = await this.apiKeys.findById(apiKeyId);
    return key?.replyFromAddress
      ? { address: key.replyFromAddress, ...(key.replyFromName ? { name: key.replyFromName } : {}) }
      : { address: this.config.mail.replyFrom };
  }
}
