import { ErasureLogEntryEntity } from './entities/erasure-log-entry.entity';
import { lineOf, parseErasureLog } from './erasure-log.service';

describe('the erasure log file', () => {
  const entry = Object.assign(new ErasureLogEntryEntity(), {
    id: '019abcde-0000-7000-8000-000000000001',
    kind: 'email' as const,
    subjectHash: 'a'.repeat(64),
    keyId: '0123456789abcdef',
    erasedAt: new Date('2026-11-26T10:00:00.123Z'),
  });

  it('reads back what it writes, one JSON object per line', () => {
    const text = lineOf(entry) + lineOf({ ...entry, id: '019abcde-0000-7000-8000-000000000002' });
    expect(text.split('\n')).toHaveLength(3);
    expect(parseErasureLog(text)).toEqual({
      entries: [entry, { ...entry, id: '019abcde-0000-7000-8000-000000000002' }],
      malformed: 0,
    });
  });

  it('leaves out and counts lines that are not entries: cut short, edited, or naming an address', () => {
    const good = lineOf(entry);
    const lines = [
      good.slice(0, 40),
      good.replace('"email"', '"submission"'),
      good.replace('a'.repeat(64), 'ada@example.com'),
      good.replace('2026-11-26T10:00:00.123Z', 'yesterday'),
      '',
      good,
    ];
    expect(parseErasureLog(lines.join('\n'))).toEqual({ entries: [entry], malformed: 4 });
  });
});
