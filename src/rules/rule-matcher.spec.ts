import { isRuleActions, isRuleCondition, isRuleWhen, normalizedCondition, RuleConditionSpec } from './rule-definition';
import {
  compileCondition,
  emailDomainOf,
  reasonOf,
  RULE_TEXT_LIMIT,
  RuleSubject,
  ruleTextOf,
  wholeWord,
} from './rule-matcher';
import { nextAgent } from './round-robin';

const KEY = '0193a2b4-0000-7000-8000-000000000001';

const subject = (changes: Partial<RuleSubject> = {}): RuleSubject => ({
  apiKeyId: KEY,
  email: 'Ada@Example.COM',
  subject: 'Invoice overdue',
  message: 'Hello, this is URGENT: the invoice is wrong.',
  tags: ['VIP', 'Billing'],
  priority: 'normal',
  status: 'new',
  ...changes,
});

const holds = (condition: RuleConditionSpec, on: RuleSubject = subject()) =>
  compileCondition(normalizedCondition(condition)).test(on);
/** Whether `message` has any of `words` as a whole word or phrase. */
const said = (message: string, words: string[]) =>
  holds({ field: 'message', op: 'matches_any_of', value: words }, subject({ message }));

describe('rule conditions', () => {
  it('reads the e-mail domain after the last @, in lower case', () => {
    expect(emailDomainOf('a@b@Example.org')).toBe('example.org');
    expect(emailDomainOf(null)).toBe('');
  });

  it('matches api_key_id in any letter case, and by a list', () => {
    expect(holds({ field: 'api_key_id', op: 'is', value: KEY.toUpperCase() })).toBe(true);
    expect(holds({ field: 'api_key_id', op: 'is_not', value: KEY })).toBe(false);
    expect(holds({ field: 'api_key_id', op: 'matches_any_of', value: [KEY, KEY.replace('1', '2')] })).toBe(true);
  });

  it('matches email_domain with each op', () => {
    expect(holds({ field: 'email_domain', op: 'is', value: 'example.com' })).toBe(true);
    expect(holds({ field: 'email_domain', op: 'is', value: 'EXAMPLE.com' })).toBe(true);
    expect(holds({ field: 'email_domain', op: 'is_not', value: 'example.com' })).toBe(false);
    expect(holds({ field: 'email_domain', op: 'contains', value: 'example' })).toBe(true);
    expect(holds({ field: 'email_domain', op: 'matches_any_of', value: ['example.org', 'example.com'] })).toBe(true);
    expect(holds({ field: 'email_domain', op: 'is', value: 'example.com' }, subject({ email: null }))).toBe(false);
    expect(holds({ field: 'email_domain', op: 'is_not', value: 'example.com' }, subject({ email: null }))).toBe(true);
  });

  it('matches subject and message as text: equal, contains, or containing any of the words', () => {
    expect(holds({ field: 'subject', op: 'is', value: 'invoice OVERDUE' })).toBe(true);
    expect(holds({ field: 'subject', op: 'contains', value: 'overdue' })).toBe(true);
    expect(holds({ field: 'subject', op: 'is_not', value: 'Invoice' })).toBe(true);
    expect(holds({ field: 'message', op: 'contains', value: 'urgent' })).toBe(true);
    expect(holds({ field: 'message', op: 'matches_any_of', value: ['asap', 'Urgent'] })).toBe(true);
    expect(holds({ field: 'message', op: 'matches_any_of', value: ['asap', 'refund'] })).toBe(false);
    // Whole words (or phrases), never a part of one.
    expect(said('I cannot download the invoice', ['urgent', 'asap', 'down'])).toBe(false);
    expect(said('asapish, please', ['asap'])).toBe(false);
    expect(said('The site is DOWN!', ['down'])).toBe(true);
    expect(said('down', ['down'])).toBe(true);
    expect(said('It is not working, again.', ['not working'])).toBe(true);
    expect(said('It is not workingish', ['not working'])).toBe(false);
    expect(said('Crashes in c++ builds', ['C++'])).toBe(true);
    expect(said('order#9 is late', ['#9'])).toBe(true);
    expect(said('order #95 is late', ['#9'])).toBe(false);
    expect(said('Café fermé', ['café'])).toBe(true);
    expect(said('Cafés fermés', ['café'])).toBe(false);
    expect(said('download, then down', ['down'])).toBe(true);
    expect(said('𝐀down', ['down'])).toBe(false);
    expect(holds({ field: 'subject', op: 'contains', value: 'invoice' }, subject({ subject: null }))).toBe(false);
    expect(holds({ field: 'message', op: 'is_not', value: 'x' }, subject({ message: null }))).toBe(true);
  });

  it('finds words and phrases as a scan of the whole text does, on pseudo-random texts', () => {
    // Texts and words from a small alphabet of letters, digits, spaces and signs, so that near misses,
    // phrases, signs at the edges and repeated words all come up.
    let state = 53;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pick = (length: number) => Array.from({ length }, () => 'aab1 +#-É'[Math.floor(random() * 9)]).join('');
    for (let i = 0; i < 600; i++) {
      const message = pick(1 + Math.floor(random() * 30));
      const word = pick(1 + Math.floor(random() * 4)).trim() || 'a';
      expect([message, word, said(message, [word])]).toEqual([
        message,
        word,
        wholeWord(word.toLowerCase())(message.toLowerCase()),
      ]);
    }
  });

  it('reads the first 65 536 characters of a text, never half a word', () => {
    const head = 'It is not working, I want a refund. ';
    const long = `${head}${'wording '.repeat(131_072)}farewell`;
    // A word only past the bound is not read, by a whole-word rule or a contains.
    expect(said(long, ['farewell'])).toBe(false);
    expect(holds({ field: 'message', op: 'contains', value: 'farewell' }, subject({ message: long }))).toBe(false);
    expect(said(long, ['refund'])).toBe(true);
    // A word the cut runs through is left out whole: "download" cut after "down" is no "down".
    const cut = `${'x'.repeat(65_536 - 4)} download`;
    expect(said(cut, ['down'])).toBe(false);
    expect(said(`${'x '.repeat(65_536 / 2 - 3)} down`, ['down'])).toBe(true);
    expect(RULE_TEXT_LIMIT).toBe(65_536);
    expect(ruleTextOf(long).length).toBeLessThanOrEqual(RULE_TEXT_LIMIT);
    expect(ruleTextOf(head)).toBe(head);
  });

  it('scans a text only for a phrase whose words are all among its words, and only the part rules read', () => {
    // Work counted, not time (issue 53, D4: a scan of a megabyte per word held the event loop for seconds):
    // which words the text is scanned for, and how much of it each scan is given.
    const scans: { word: string; length: number }[] = [];
    const countingScan = (word: string) => {
      const scan = wholeWord(word);
      return (text: string) => {
        scans.push({ word, length: text.length });
        return scan(text);
      };
    };
    const compiled = (value: string[]) =>
      compileCondition(normalizedCondition({ field: 'message', op: 'matches_any_of', value }), countingScan);
    const long = `It is not working, I want a refund. ${'wording '.repeat(131_072)}farewell`;
    const mail = subject({ message: long });
    // 100 rules of 100 words and phrases that are not in the text: none is scanned for, though "wording"
    // is everywhere and "farewell" ends the text (past the part read).
    const rules = Array.from({ length: 100 }, (_, rule) =>
      compiled([
        ...Array.from({ length: 98 }, (_, word) => `word${rule}x${word}`),
        `word${rule} wording`,
        'farewell wording',
      ]),
    );
    expect(rules.some((rule) => rule.test(mail))).toBe(false);
    expect(scans).toEqual([]);
    // Phrases whose words are all there are scanned for, in the part read, until one is found:
    // "refund. wording" is no "refund wording"; "c" is no word of the text; "not working" is there.
    expect(compiled(['refund wording', 'c++', 'not working', 'i want']).test(mail)).toBe(true);
    expect(scans.map((scan) => scan.word)).toEqual(['refund wording', 'not working']);
    expect(scans.every((scan) => scan.length <= RULE_TEXT_LIMIT)).toBe(true);
  });

  it('matches labels as tags compare them (any letter case)', () => {
    expect(holds({ field: 'tag', op: 'is', value: 'vip' })).toBe(true);
    expect(holds({ field: 'tag', op: 'is_not', value: 'VIP' })).toBe(false);
    expect(holds({ field: 'tag', op: 'is_not', value: 'Press' })).toBe(true);
    expect(holds({ field: 'tag', op: 'contains', value: 'bill' })).toBe(true);
    expect(holds({ field: 'tag', op: 'matches_any_of', value: ['Press', 'billing'] })).toBe(true);
    expect(holds({ field: 'tag', op: 'is', value: 'VIP' }, subject({ tags: [] }))).toBe(false);
  });

  it('matches priority, status and spam exactly', () => {
    expect(holds({ field: 'priority', op: 'is', value: 'normal' })).toBe(true);
    expect(holds({ field: 'priority', op: 'matches_any_of', value: ['high', 'urgent'] })).toBe(false);
    expect(holds({ field: 'status', op: 'is_not', value: 'closed' })).toBe(true);
    expect(holds({ field: 'status', op: 'matches_any_of', value: ['new', 'open'] })).toBe(true);
    expect(holds({ field: 'spam', op: 'is', value: false })).toBe(true);
    expect(holds({ field: 'spam', op: 'is', value: true }, subject({ status: 'spam' }))).toBe(true);
    expect(holds({ field: 'spam', op: 'is_not', value: true }, subject({ status: 'spam' }))).toBe(false);
  });

  it('says each condition as a sentence, with what the submission has', () => {
    const reason = (condition: RuleConditionSpec, on = subject()) =>
      reasonOf(compileCondition(normalizedCondition(condition)), on).reason;
    expect(reason({ field: 'email_domain', op: 'is', value: 'example.com' })).toBe(
      'email_domain is example.com: yes (example.com)',
    );
    expect(reason({ field: 'tag', op: 'matches_any_of', value: ['Press', 'Sales'] })).toBe(
      'tag matches any of Press, Sales: no (VIP, Billing)',
    );
    expect(reason({ field: 'email_domain', op: 'is_not', value: 'example.com' }, subject({ email: null }))).toBe(
      'email_domain is not example.com: yes (no e-mail address)',
    );
    expect(reason({ field: 'message', op: 'contains', value: 'x' }, subject({ message: 'a'.repeat(100) }))).toBe(
      `message contains x: no (${'a'.repeat(60)}…)`,
    );
  });
});

describe('rule validation', () => {
  it('takes each field with the ops and values that mean something for it', () => {
    expect(isRuleCondition({ field: 'spam', op: 'is', value: true })).toBe(true);
    expect(isRuleCondition({ field: 'spam', op: 'contains', value: true })).toBe(false);
    expect(isRuleCondition({ field: 'spam', op: 'is', value: 'true' })).toBe(false);
    expect(isRuleCondition({ field: 'priority', op: 'contains', value: 'hi' })).toBe(false);
    expect(isRuleCondition({ field: 'priority', op: 'is', value: 'critical' })).toBe(false);
    expect(isRuleCondition({ field: 'status', op: 'matches_any_of', value: [] })).toBe(false);
    expect(isRuleCondition({ field: 'api_key_id', op: 'is', value: 'not-a-uuid' })).toBe(false);
    expect(isRuleCondition({ field: 'tag', op: 'is', value: 'a,b' })).toBe(false);
    expect(isRuleCondition({ field: 'message', op: 'contains', value: ' ' })).toBe(false);
    expect(isRuleCondition({ field: 'message', op: 'contains', value: 'x'.repeat(1001) })).toBe(false);
    expect(isRuleCondition({ field: 'nope', op: 'is', value: 'x' })).toBe(false);
    expect(isRuleCondition({ field: 'subject', op: 'is', value: 'x', extra: 1 })).toBe(false);
  });

  it('bounds the number of conditions and actions', () => {
    const condition = { field: 'priority', op: 'is', value: 'high' };
    expect(isRuleWhen({ event: 'received', conditions: [] })).toBe(true);
    expect(isRuleWhen({ event: 'received', conditions: Array(21).fill(condition) })).toBe(false);
    expect(isRuleWhen({ event: 'closed', conditions: [] })).toBe(false);
    expect(isRuleActions([])).toBe(false);
    expect(isRuleActions(Array(11).fill({ action: 'set_priority', value: 'high' }))).toBe(false);
  });

  it('checks each action value', () => {
    const agent = '0193a2b4-0000-7000-8000-00000000000a';
    expect(isRuleActions([{ action: 'assign', value: null }])).toBe(true);
    expect(isRuleActions([{ action: 'assign', value: 'x' }])).toBe(false);
    expect(isRuleActions([{ action: 'assign_round_robin', value: { agents: [agent], max_open: null } }])).toBe(true);
    expect(isRuleActions([{ action: 'assign_round_robin', value: { agents: [agent], max_open: 0 } }])).toBe(false);
    expect(isRuleActions([{ action: 'assign_round_robin', value: { agents: [agent, agent], max_open: 1 } }])).toBe(
      false,
    );
    expect(isRuleActions([{ action: 'assign_round_robin', value: { agents: [], max_open: null } }])).toBe(false);
    expect(isRuleActions([{ action: 'set_status', value: 'merged' }])).toBe(false);
    expect(isRuleActions([{ action: 'set_status', value: 'pending' }])).toBe(true);
    expect(isRuleActions([{ action: 'add_tag', value: 'Partner' }])).toBe(true);
    expect(isRuleActions([{ action: 'delete', value: null }])).toBe(false);
  });
});

describe('round robin', () => {
  const agents = ['a', 'b', 'c'];
  const standing = new Map(agents.map((id) => [id, { id, away: false, disabled: false }]));

  it('takes the agent after the last one, going round', () => {
    expect(nextAgent(agents, null, standing, null, null).agentId).toBe('a');
    expect(nextAgent(agents, 'a', standing, null, null).agentId).toBe('b');
    expect(nextAgent(agents, 'c', standing, null, null).agentId).toBe('a');
    expect(nextAgent(agents, 'gone', standing, null, null).agentId).toBe('a');
  });

  it('passes over away, disabled, unknown and full agents, and says why when nobody is left', () => {
    const mixed = new Map(standing);
    mixed.set('b', { id: 'b', away: true, disabled: false });
    expect(nextAgent(agents, 'a', mixed, null, null)).toEqual({ agentId: 'c', passedOver: { b: 'away' } });
    mixed.set('c', { id: 'c', away: false, disabled: true });
    mixed.delete('a');
    expect(nextAgent(agents, 'a', mixed, null, null)).toEqual({
      agentId: null,
      passedOver: { a: 'unknown', b: 'away', c: 'disabled' },
    });
    const open = new Map([
      ['a', 2],
      ['b', 1],
    ]);
    expect(nextAgent(agents, 'c', standing, open, 2)).toEqual({ agentId: 'b', passedOver: { a: 'at capacity' } });
  });
});
