import { Module } from '@nestjs/common';
import { SmtpMailer } from './smtp-mailer';

/** Mail infrastructure: SMTP sending (and MIME parsing, a plain function); knows nothing of submissions. */
@Module({ providers: [SmtpMailer], exports: [SmtpMailer] })
export class MailModule {}
