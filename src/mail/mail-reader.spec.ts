import { AppConfig } from '../config/app-config';
import { quoteRun } from '../../test/support/hostile-mail';
import { MailReader } from './mail-reader';

/** A reader with its own budget (the rest of the settings play no part in reading). */
function readerWith(parse: { timeoutMs: number; memoryMb: number; threads: number }): MailReader {
  return new MailReader({ mail: { parse } } as unknown as AppConfig);
}

const ordinary = (id: string) =>
  Buffer.from(`From: Ada <ada@example.com>\r\nSubject: Hello\r\nMessage-ID: <${id}@example.com>\r\n\r\nHi\r\n`);

describe('MailReader (worker threads within a budget)', () => {
  const readers: MailReader[] = [];
  const reader = (parse: { timeoutMs: number; memoryMb: number; threads: number }) => {
    const made = readerWith(parse);
    readers.push(made);
    return made;
  };
  afterAll(async () => {
    await Promise.all(readers.map((one) => one.onModuleDestroy()));
  });

  it('reads ordinary mail on a thread, one message after another when there is one thread', async () => {
    const one = reader({ timeoutMs: 30_000, memoryMb: 256, threads: 1 });
    const [first, second] = await Promise.all([one.read(ordinary('r1')), one.read(ordinary('r2'))]);
    expect(first).toMatchObject({ mail: { messageId: 'r1@example.com', newText: 'Hi', subject: 'Hello' } });
    expect(second).toMatchObject({ mail: { messageId: 'r2@example.com' } });
  });

  it('stops a message over its time and answers it unreadable (too_slow), with what its head said', async () => {
    // A million quote lines take the parser well over a second; the budget here is 300 ms.
    const result = await reader({ timeoutMs: 300, memoryMb: 256, threads: 1 }).read(quoteRun('slow', 1_000_000));
    expect(result).toEqual({
      unreadable: 'too_slow',
      messageId: 'slow@attacker.test',
      from: 'mallory@attacker.test',
      subject: 'Hostile',
    });
  });

  it('answers a message over its memory unreadable (too_much_memory), and reads the next one on a new thread', async () => {
    const small = reader({ timeoutMs: 60_000, memoryMb: 32, threads: 1 });
    expect(await small.read(quoteRun('big', 1_000_000))).toMatchObject({
      unreadable: 'too_much_memory',
      messageId: 'big@attacker.test',
    });
    expect(await small.read(ordinary('after'))).toMatchObject({ mail: { messageId: 'after@example.com' } });
  });
});
