import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { MAX_RULES } from '../src/rules/rule-definition';

/** Never one of the bench's keys: a rule on it never matches. */
const otherKey = () => randomUUID();

/**
 * Rules a team might have written that the bench's submissions (ada.lovelace@example.com, a message
 * about a support contract ending in `#<counter>`, no labels, priority normal, status new) do not
 * match: other keys, other domains, other words, labels and priorities they do not have.
 */
function neverMatching(i: number): { conditions: object[]; actions: object[] } {
  const shapes = [
    {
      conditions: [{ field: 'api_key_id', op: 'is', value: otherKey() }],
      actions: [{ action: 'add_tag', value: `Team ${i}` }],
    },
    {
      conditions: [
        { field: 'email_domain', op: 'matches_any_of', value: [`partner${i}.example`, `client${i}.example`] },
      ],
      actions: [{ action: 'add_tag', value: `Partner ${i}` }],
    },
    {
      conditions: [{ field: 'message', op: 'matches_any_of', value: ['refund', 'invoice', 'cancel', `order ${i}`] }],
      actions: [{ action: 'set_priority', value: 'high' }],
    },
    {
      conditions: [
        { field: 'email_domain', op: 'is', value: 'example.com' },
        { field: 'message', op: 'contains', value: `outage ${i}` },
      ],
      actions: [{ action: 'set_status', value: 'open' }],
    },
    {
      conditions: [
        { field: 'spam', op: 'is', value: true },
        { field: 'api_key_id', op: 'is', value: otherKey() },
      ],
      actions: [{ action: 'add_tag', value: 'Spam check' }],
    },
    {
      conditions: [{ field: 'priority', op: 'is', value: 'urgent' }],
      actions: [{ action: 'add_tag', value: `Escalated ${i}` }],
    },
    {
      conditions: [{ field: 'tag', op: 'is', value: 'VIP' }],
      actions: [{ action: 'set_priority', value: 'urgent' }],
    },
  ];
  return shapes[i % shapes.length];
}

/** How many of the bench's submissions the three matching rules match (`--rules-match`). */
export type RulesMatch = 'few' | 'none' | 'all';

/**
 * The three that match: by default (`few`) a submission whose counter starts with 9 (`#9...`: 4-6 % of
 * a run's), labelled, raised and opened; `all`: every submission (`#`), the cost of the transaction a
 * matching rule takes; `none`: a mark no submission carries, so intake only matches all N in memory.
 */
const matching = (match: RulesMatch) => {
  const mark = { few: '#9', all: '#', none: '#none' }[match];
  return [
    {
      conditions: [{ field: 'message', op: 'contains', value: mark }],
      actions: [{ action: 'add_tag', value: 'Nines' }],
    },
    {
      conditions: [
        { field: 'email_domain', op: 'is', value: 'example.com' },
        { field: 'message', op: 'contains', value: mark },
      ],
      actions: [{ action: 'set_priority', value: 'high' }],
    },
    {
      conditions: [{ field: 'tag', op: 'is', value: 'Nines' }],
      actions: [{ action: 'set_status', value: 'open' }],
    },
  ];
};

/**
 * `--rules N`: N enabled rules of `received` (N-3 that never match the bench's submissions, then the
 * three of MATCHING), written as the API stores them, so intake matches all N in memory for every
 * submission and runs the three (in a transaction of its own) for the few they match.
 */
export async function addIntakeRules(url: string, count: number, match: RulesMatch = 'few'): Promise<void> {
  if (!['few', 'none', 'all'].includes(match)) {
    throw new Error('--rules-match takes few, none or all');
  }
  const MATCHING = matching(match);
  if (!Number.isInteger(count) || count < MATCHING.length || count > MAX_RULES) {
    throw new Error(`--rules takes ${MATCHING.length} to ${MAX_RULES}`);
  }
  const dataSource = new DataSource(buildDataSourceOptions({ url, poolSize: 1, connectTimeoutMs: 5000 }));
  await dataSource.initialize();
  const rules = [...Array.from({ length: count - MATCHING.length }, (_, i) => neverMatching(i)), ...MATCHING];
  for (const [position, rule] of rules.entries()) {
    const id = randomUUID();
    await dataSource.query(
      'INSERT INTO rules (id, name, position, enabled, event, conditions, actions, created_at, updated_at) ' +
        "VALUES (?, ?, ?, 1, 'received', ?, ?, NOW(3), NOW(3))",
      [id, `Bench rule ${position + 1}`, position, JSON.stringify(rule.conditions), JSON.stringify(rule.actions)],
    );
    await dataSource.query('INSERT INTO rule_turns (rule_id, last_agent_id, updated_at) VALUES (?, NULL, NOW(3))', [
      id,
    ]);
  }
  await dataSource.destroy();
  process.stdout.write(`${count} rules of received (${MATCHING.length} that match: ${match})\n`);
}
