import { Injectable } from '@nestjs/common';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { AttachmentStore } from '../attachments/attachment-store';
import { AppConfig } from '../config/app-config';
import { ContactService } from '../contact/contact.service';
import { FieldCipher } from '../database/field-cipher';
import { senderDomainAuthenticated } from '../mail/authentication-results';
import { InboundMail } from '../mail/mail-parser';

/** The longest text a submission holds (the contact form's bounds). */
const MESSAGE_MAX = 10_000;
const NAME_MAX = 200;

/**
 * Unmatched mail that becomes a new submission of INBOUND_NEW_SUBMISSIONS_KEY (when that key is set,
 * for mail that is not automatic and names a sender): through the intake, as the contact form's are.
 */
@Injectable()
export class MailSubmissions {
  constructor(
    private readonly contact: ContactService,
    private readonly apiKeys: ApiKeysRepository,
    private readonly config: AppConfig,
    private readonly cipher: FieldCipher,
    private readonly files: AttachmentStore,
  ) {}

  /** Submits the mail as a new submission with its files; false when it is not one to submit. */
  async submit(mail: InboundMail): Promise<boolean> {
    const keyId = this.config.inbound.newSubmissionsKeyId;
    const newSubmissionsKey = keyId && !mail.automatic && mail.from ? await this.apiKeys.findById(keyId) : null;
    if (newSubmissionsKey && mail.from) {
      const submissionId = await this.contact.submit(
        {
          name: [...(mail.from.name || mail.from.address)].slice(0, NAME_MAX).join(''),
          email: mail.from.address,
          message: [...`${mail.subject}\n\n${mail.newText}`.trim()].slice(0, MESSAGE_MAX).join(''),
        },
        {
          apiKeyId: newSubmissionsKey.id,
          spamFilter: newSubmissionsKey.spamFilter,
          clientIp: '0.0.0.0',
          userAgent: 'inbound mail',
          // The sender's keyed hash and the Message-ID: the same mail twice is one submission, and a
          // stranger who used the Message-ID first does not swallow the person's own mail.
          idempotencyKey: `mail:${this.cipher.emailHash(mail.from.address)}:${mail.messageId}`,
          subject: mail.subject,
          // Anyone can write any From: only the trusted receiving server's verdict on its domain lets
          // the key's acknowledgement go to that address (decided here, where the headers are).
          senderVerified: senderDomainAuthenticated(
            mail.authenticationResults,
            mail.from.address.slice(mail.from.address.lastIndexOf('@') + 1),
            this.config.inbound.trustedAuthservIds,
          ),
        },
      );
      // The same mail again finds its submission (idempotent) and stores the files only if they are not yet there.
      await this.files.storeRequestFiles(submissionId, mail.attachments);
      return true;
    }
    return false;
  }
}
