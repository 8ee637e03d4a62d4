import { AppConfig } from '../config/app-config';
import { quoteRun } from '../../test/support/hostile-mail';
import { MetricsService } from '../metrics/metrics.service';
import { MailReader } from './mail-reader';

/** A reader with its own budget (the rest of the settings play no part in reading). */
function readerWith(
  parse: { timeoutMs: number; memoryMb: number; threads: number },
  memoryBudget = 128 * 1024 * 1024,
  metrics = new MetricsService(),
): MailReader {
  return new MailReader({ mail: { parse, memoryBudget } } as unknown as AppConfig, metrics);
}

/** The value of `inbound_memory_held_bytes` in a registry. */
async function heldBytes(metrics: MetricsService): Promise<number> {
  return (await metrics.registry.getSingleMetric('inbound_memory_held_bytes')!.get()).values[0]?.value ?? 0;
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

  it('holds INBOUND_MEMORY_BUDGET bytes at most: what does not fit beside the rest is refused until released, and a message larger than the budget is taken alone', async () => {
    const metrics = new MetricsService();
    const budgeted = readerWith({ timeoutMs: 1_000, memoryMb: 32, threads: 1 }, 100, metrics);
    const first = budgeted.reserve(60)!;
    expect(first).not.toBeNull();
    expect(budgeted.reserve(41)).toBeNull();
    const second = budgeted.reserve(40)!;
    expect(second).not.toBeNull();
    expect(budgeted.reserve(1)).toBeNull();
    // The bytes held are a metric: what a refused message would have held is not counted.
    expect(await heldBytes(metrics)).toBe(100);
    first.release();
    // Released twice, it gives back its bytes once.
    first.release();
    expect(await heldBytes(metrics)).toBe(40);
    expect(budgeted.reserve(61)).toBeNull();
    const third = budgeted.reserve(60)!;
    third.release();
    second.release();
    const huge = budgeted.reserve(1_000)!;
    expect(huge).not.toBeNull();
    expect(budgeted.reserve(1)).toBeNull();
    expect(await heldBytes(metrics)).toBe(100);
    huge.release();
    expect(await heldBytes(metrics)).toBe(0);
    expect(budgeted.reserve(100)).not.toBeNull();
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
