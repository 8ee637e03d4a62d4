import { move, transferableSymbol, valueSymbol } from 'piscina';
import { InboundMail, parseMail } from './mail-parser';

/**
 * The task a parsing thread runs (see MailReader): one raw message in, the bounded InboundMail out.
 * Anything it throws, or a thread stopped for time or memory, makes the message unreadable. The files'
 * bytes (each a buffer of its own, see MailFile) are moved to the main thread, not copied: a copy of a
 * 25 MiB file would be held twice until the thread's next collection.
 */
export default async function parseInThread(raw: Uint8Array): Promise<InboundMail> {
  const mail = await parseMail(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
  const files = mail.attachments.map((file) => file.content.buffer).filter((buffer) => buffer.byteLength > 0);
  return move({
    get [transferableSymbol]() {
      return files;
    },
    get [valueSymbol]() {
      return mail;
    },
  }) as unknown as InboundMail;
}
