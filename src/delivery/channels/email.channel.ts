import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../../mail/smtp-mailer';
import { StaffChannel, StaffSubmission } from './staff-channel';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One plain-text and HTML e-mail per submission to STAFF_EMAIL_TO, replying to the submitter. */
export class EmailChannel implements StaffChannel {
  readonly name = 'email';
  private transport?: Transporter;

  constructor(
    private readonly smtpUrl: string,
    private readonly to: string,
    private readonly from: string,
  ) {}

  async send(submission: StaffSubmission): Promise<void> {
    const rows: [string, string | null][] = [
      ['Name', submission.name],
      ['E-mail', submission.email],
      ['Phone', submission.phone],
      ['Business', submission.business],
      ['Received', submission.created_at],
      ['Client', submission.api_key.name],
      ['Submission id', submission.id],
    ];
    const shown = rows.filter((row): row is [string, string] => row[1] !== null);
    const message = submission.message ?? '';
    this.transport ??= (await loadNodemailer()).createTransport(this.smtpUrl);
    await this.transport.sendMail({
      from: this.from,
      to: this.to,
      replyTo: submission.email ?? undefined,
      subject: `Contact request from ${submission.name.replace(/[\r\n]+/g, ' ')}`,
      headers: { 'X-Submission-Id': submission.id },
      text: `${shown.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${message}\n`,
      html:
        `<table>${shown.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>` +
        `<p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
    });
  }

  close(): void {
    this.transport?.close();
  }
}
