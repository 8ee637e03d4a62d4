import { SmtpMailer } from '../../mail/smtp-mailer';
import { StaffChannel, StaffSubmission } from './staff-channel';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * One plain-text and HTML e-mail per submission to STAFF_EMAIL_TO, replying to the submitter, through
 * the mail room's SMTP transport (SMTP_URL; one per process, closed by SmtpMailer).
 */
export class EmailChannel implements StaffChannel {
  readonly name = 'email';

  constructor(
    private readonly mailer: SmtpMailer,
    private readonly to: string,
    private readonly from: string,
  ) {}

  async send(submission: StaffSubmission): Promise<void> {
    const rows: [string, string | null][] = [
      ['Name', submission.name],
      ['E-mail', submission.email],
      ['Phone', submission.phone],
      ['Business', submission.business],
      ...(submission.fields ?? [])
        .filter((field) => field.value !== null)
        .map((field): [string, string] => [
          field.retired ? `${field.label} (retired)` : field.label,
          Array.isArray(field.value) ? field.value.join(', ') : String(field.value),
        ]),
      ['Received', submission.created_at],
      ['Client', submission.api_key.name],
      ['Submission id', submission.id],
    ];
    const shown = rows.filter((row): row is [string, string] => row[1] !== null);
    const message = submission.message ?? '';
    await this.mailer.send({
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
}
