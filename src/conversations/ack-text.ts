import { refOf } from '../submissions/lifecycle/submission-ref';

/**
 * What `{{name}}` becomes when the requester's name is not a plain name, and always in the subject:
 * "Hello {{name}}" reads "Hello there".
 */
export const NEUTRAL_NAME = 'there';

const NAME_MAX = 60;

/**
 * Signs that a "name" is a message instead: a link (`://`, `www.`, a domain such as `x.tld`), an
 * address, markup or template braces, and control, format (bidi) or line-separator characters. Each
 * test is a plain character class or a bounded sequence, so hostile input costs linear time.
 */
const NOT_A_NAME = [
  /:\/\//,
  /www\./i,
  /[\p{L}\p{N}]\.[\p{L}]{2}/u,
  /[@<>&{}\\]/,
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}]/u,
];

/**
 * The name an acknowledgement may greet: the requester's own when it is a plain name (trimmed, 60
 * characters at most, nothing of NOT_A_NAME), else NEUTRAL_NAME. The name is the one thing the sender
 * chose that an acknowledgement carries, so it must not be able to carry a link or a message.
 */
export function greetingNameOf(name: string | null): string {
  const trimmed = (name ?? '').trim();
  if (trimmed === '' || [...trimmed].length > NAME_MAX || NOT_A_NAME.some((sign) => sign.test(trimmed))) {
    return NEUTRAL_NAME;
  }
  return trimmed;
}

/**
 * The key's `auto_ack` templates filled: `{{ref}}` everywhere; `{{name}}` in the body with the checked
 * name, in the subject always NEUTRAL_NAME (a subject is what a mailbox lists; the service's subject
 * line carries no word the sender chose). One pass each, so a name is never read as a placeholder or
 * a `$&` replacement pattern.
 */
export function fillAcknowledgement(
  template: { subject: string; body: string },
  submission: { id: string; name: string | null },
): { subject: string; body: string } {
  const ref = refOf(submission.id);
  const fill = (text: string, name: string) =>
    text.replace(/\{\{\s*(name|ref)\s*\}\}/g, (_, placeholder: string) => (placeholder === 'ref' ? ref : name));
  return {
    subject: fill(template.subject, NEUTRAL_NAME).replace(/[\r\n]+/g, ' '),
    body: fill(template.body, greetingNameOf(submission.name)),
  };
}
