import { InboundMail, parseMail } from './mail-parser';

/**
 * The task a parsing thread runs (see MailReader): one raw message in, the bounded InboundMail out.
 * Anything it throws, or a thread stopped for time or memory, makes the message unreadable.
 */
export default function parseInThread(raw: Uint8Array): Promise<InboundMail> {
  return parseMail(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
}
