import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { AppConfig } from '../config/app-config';
import { SmtpMailer } from '../mail/smtp-mailer';
import { StaffAccountEntity } from '../staff-accounts/entities/staff-account.entity';

/**
 * Tells an account's address that its second factors changed (an authenticator app or a passkey
 * added or removed, or an operator's reset), when SMTP_URL is set: someone who took over a session
 * cannot add a factor of their own unseen. A mail that cannot be sent is logged, never fatal.
 */
@Injectable()
export class SecondFactorNotices {
  private readonly logger = new Logger(SecondFactorNotices.name);

  constructor(
    private readonly mailer: SmtpMailer,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async tell(account: StaffAccountEntity, what: string): Promise<void> {
    if (!this.mailer.isConfigured) {
      return;
    }
    try {
      await this.mailer.send({
        from: { address: this.config.mail.replyFrom },
        to: account.email,
        subject: what,
        text:
          `Hello ${account.name},\n\n${what} (${this.clock.now().toISOString()}).\n\n` +
          'If this was not you, tell an administrator at once: they can end your sessions and reset your sign-in.\n',
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      this.logger.warn(`The notice to account ${account.id} could not be sent: ${(error as Error).message}`);
    }
  }
}
