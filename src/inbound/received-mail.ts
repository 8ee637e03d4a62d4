/** An address of a mail header: the address itself, and the display name when there was one. */
export interface MailAddress {
  address: string;
  name?: string;
}

/**
 * What inbound/ needs of a parsed message (mail/ parses it; the fields are named as its InboundMail
 * names them, so one passes for the other). Ids without angle brackets.
 */
export interface ReceivedMail {
  messageId: string;
  inReplyTo: string[];
  references: string[];
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  deliveredTo: MailAddress[];
  subject: string;
  /** The text without the quoted history. */
  newText: string;
  /** The whole text (never HTML). */
  text: string;
  automatic: boolean;
  attachments: { name: string; type: string; size: number }[];
}
