import { tagKey } from '../submissions/lifecycle/submission-tags';
import { customFieldOf, RuleConditionSpec, RuleField, RuleOp } from './rule-definition';
import { fieldTestOf, fieldValueWords, RuleFieldValues } from './rule-field-conditions';

/**
 * What conditions are checked against: the submission as the event left it (and, for a customer's
 * mail, that mail's subject and text). Read once per event; a rule's change updates it for the next.
 */
export interface RuleSubject {
  apiKeyId: string;
  email: string | null;
  /** The mail's subject: the mail that arrived, or that started the submission; null for a form. */
  subject: string | null;
  /** The submission's message, or the text of the mail that arrived (message_received). */
  message: string | null;
  tags: readonly string[];
  priority: string;
  status: string;
  /** Its custom fields' values (`field.<name>` conditions); absent: none. Personal ones too: never logged. */
  fields?: RuleFieldValues;
}

/** One condition made ready to check: its values folded once, when the rules are loaded. */
export interface CompiledCondition {
  spec: RuleConditionSpec;
  test(subject: RuleSubject): boolean;
}

/**
 * How a text is scanned for a word or phrase that a look-up in its words cannot settle (wholeWord). A
 * test passes one that counts, to see which words a text was scanned for and how much of it.
 */
export type WordScanOf = (word: string) => (text: string) => boolean;

/** The part of an address after its last `@`, in lower case ('' without an address). */
export function emailDomainOf(email: string | null): string {
  if (!email) {
    return '';
  }
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * What each op means, by field:
 * - `is` / `is_not`: equal (text, domains and ids in any letter case; a label: carried or not; `spam`:
 *   whether the status is `spam`);
 * - `contains`: the text contains it (any letter case; `tag`: some label contains it);
 * - `matches_any_of`: `is` any of them; for `subject` and `message`, contains any of them as a whole
 *   word or phrase (wholeWord).
 */
export function compileCondition(spec: RuleConditionSpec, scanOf: WordScanOf = wholeWord): CompiledCondition {
  const custom = customFieldOf(spec.field);
  if (custom !== null) {
    const test = fieldTestOf(custom, spec.op, spec.value, scanOf);
    return { spec, test: (subject) => test(subject.fields) };
  }
  return { spec, test: testOf(spec.field as RuleField, spec.op, spec.value, scanOf) };
}

function testOf(
  field: RuleField,
  op: RuleOp,
  value: RuleConditionSpec['value'],
  scanOf: WordScanOf,
): (subject: RuleSubject) => boolean {
  if (op === 'greater_than' || op === 'less_than') {
    // Custom number and date fields only (isRuleCondition refuses them for the others).
    return () => false;
  }
  if (field === 'spam') {
    const wanted = value === true;
    return op === 'is'
      ? (subject) => (subject.status === 'spam') === wanted
      : (subject) => (subject.status === 'spam') !== wanted;
  }
  if (field === 'tag') {
    const keys = (Array.isArray(value) ? (value as string[]) : [value as string]).map(tagKey);
    const carries = (subject: RuleSubject) => subject.tags.some((tag) => keys.includes(tagKey(tag)));
    switch (op) {
      case 'is':
      case 'matches_any_of':
        return carries;
      case 'is_not':
        return (subject) => !carries(subject);
      case 'contains':
        return (subject) => subject.tags.some((tag) => tagKey(tag).includes(keys[0]));
    }
  }
  const read = readerOf(field);
  const folded = (Array.isArray(value) ? (value as string[]) : [value as string]).map((item) => item.toLowerCase());
  switch (op) {
    case 'is':
      return (subject) => read(subject) === folded[0];
    case 'is_not':
      return (subject) => read(subject) !== folded[0];
    case 'contains':
      return (subject) => read(subject).includes(folded[0]);
    case 'matches_any_of':
      if (isText(field)) {
        const words = folded.map((word) => wholeWordIn(word, scanOf));
        return (subject) => {
          const text = preparedText(subject, field as TextField);
          return words.some((inText) => inText(text));
        };
      }
      return (subject) => folded.includes(read(subject));
  }
}

/** A letter or a digit, of any script: what a word is made of. */
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/** Whether the character ending just before `end` (a whole code point) is part of a word. */
function wordBefore(text: string, end: number): boolean {
  if (end <= 0) {
    return false;
  }
  const low = text.charCodeAt(end - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && end >= 2 ? end - 2 : end - 1;
  return WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(start)!));
}

/** Whether the character starting at `start` is part of a word. */
function wordAt(text: string, start: number): boolean {
  return start < text.length && WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(start)!));
}

/**
 * Whether a text holds `word` as a whole word (or phrase): "down" is in "the site is down!" but not in
 * "download". An edge of `word` that is not a letter or digit ("c++", "#9") needs no boundary there.
 * indexOf, not a regular expression built from the rule's words: the time stays linear in the text
 * whatever the words are (the text is anyone's, the words an admin's). Made once per word, when the
 * condition is compiled.
 */
export function wholeWord(word: string): (text: string) => boolean {
  if (word.length === 0) {
    return () => false;
  }
  const boundedStart = wordAt(word, 0);
  const boundedEnd = wordBefore(word, word.length);
  return (text) => {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      if ((!boundedStart || !wordBefore(text, at)) && (!boundedEnd || !wordAt(text, at + word.length))) {
        return true;
      }
    }
    return false;
  };
}

/**
 * How much of a subject or message rules read: its first 65 536 characters (UTF-16 code units), less a
 * word the cut would split. A customer's mail may hold a megabyte of text and rules run on the API's
 * event loop: a bounded prefix keeps a `contains` on every rule to a bounded scan (issue 53, D4).
 */
export const RULE_TEXT_LIMIT = 65_536;

type TextField = 'subject' | 'message';

/** A subject's or message's text made ready once per event, however many conditions read it. */
interface PreparedText {
  /** The text as the field holds it: the one prepared (a later change of the field prepares it again). */
  source: string | null;
  /** The part rules read (RULE_TEXT_LIMIT). */
  read: string;
  /** `read` in lower case. */
  lowered: string;
  /** The words (maximal runs of letters and digits) of `lowered`, made on first use. */
  words?: ReadonlySet<string>;
}

const PREPARED = new WeakMap<RuleSubject, Partial<Record<TextField, PreparedText>>>();

/** The part of a text rules read: all of it, or the first RULE_TEXT_LIMIT code units up to a whole word. */
export function ruleTextOf(text: string): string {
  if (text.length <= RULE_TEXT_LIMIT) {
    return text;
  }
  let end = RULE_TEXT_LIMIT;
  const low = text.charCodeAt(end);
  if (low >= 0xdc00 && low <= 0xdfff) {
    end--; // never half a surrogate pair
  }
  // A word the cut runs through is left out whole: "download" cut after "down" is no "down".
  if (wordAt(text, end)) {
    while (end > 0 && wordBefore(text, end)) {
      const previous = text.charCodeAt(end - 1);
      end -= previous >= 0xdc00 && previous <= 0xdfff && end >= 2 ? 2 : 1;
    }
  }
  return text.slice(0, end);
}

/** The field's text prepared for `subject`, once per subject (rules of one event share it). */
function preparedText(subject: RuleSubject, field: TextField): PreparedText {
  let texts = PREPARED.get(subject);
  if (texts === undefined) {
    texts = {};
    PREPARED.set(subject, texts);
  }
  const source = subject[field];
  let prepared = texts[field];
  if (prepared === undefined || prepared.source !== source) {
    const read = ruleTextOf(source ?? '');
    prepared = { source, read, lowered: read.toLowerCase() };
    texts[field] = prepared;
  }
  return prepared;
}

const WORD_RUNS = /[\p{L}\p{N}]+/gu;

function wordsOf(text: PreparedText): ReadonlySet<string> {
  text.words ??= new Set(text.lowered.match(WORD_RUNS) ?? []);
  return text.words;
}

/**
 * wholeWord for a prepared text, in time that does not grow with the text for each word: a word of
 * letters and digits only is a whole word of the text exactly when it is one of its words (a set
 * made once per text); a phrase or a word with other characters ("not working", "c++") can only be
 * there when each of its words is, and only then is the text scanned for it.
 */
function wholeWordIn(word: string, scanOf: WordScanOf): (text: PreparedText) => boolean {
  const runs = word.match(WORD_RUNS) ?? [];
  const scan = scanOf(word);
  if (runs.length === 1 && runs[0] === word) {
    return (text) => wordsOf(text).has(word);
  }
  return (text) => {
    const words = wordsOf(text);
    return runs.every((run) => words.has(run)) && scan(text.lowered);
  };
}

/** A field holding free text (a mail's subject, a message), whose "any of" is any of its words. */
function isText(field: RuleField): boolean {
  return field === 'subject' || field === 'message';
}

/** The field's value in lower case ('' when the submission has none). */
function readerOf(field: Exclude<RuleField, 'spam' | 'tag'>): (subject: RuleSubject) => string {
  switch (field) {
    case 'api_key_id':
      return (subject) => subject.apiKeyId.toLowerCase();
    case 'email_domain':
      return (subject) => emailDomainOf(subject.email);
    case 'subject':
    case 'message':
      return (subject) => preparedText(subject, field).lowered;
    case 'priority':
      return (subject) => subject.priority;
    case 'status':
      return (subject) => subject.status;
  }
}

const OP_WORDS: Record<RuleOp, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  matches_any_of: 'matches any of',
  greater_than: 'is greater than',
  less_than: 'is less than',
};

/** The comparison in words: a text "has any of the words" (whole words), the rest as OP_WORDS says. */
function opWords(field: RuleConditionSpec['field'], op: RuleOp): string {
  return op === 'matches_any_of' && isText(field as RuleField) ? 'has any of the words' : OP_WORDS[op];
}

/** How much of a text a reason quotes. */
const QUOTED = 60;

/** A text as a reason quotes it: on one line, at most QUOTED characters. */
function quoted(text: string): string {
  const points = [...text.replace(/\s+/g, ' ').trim()];
  return points.length > QUOTED ? `${points.slice(0, QUOTED).join('')}…` : points.join('');
}

/** What the submission has for the field, as a reason says it. */
function actualOf(field: RuleConditionSpec['field'], subject: RuleSubject): string {
  const custom = customFieldOf(field);
  if (custom !== null) {
    return quoted(fieldValueWords(subject.fields?.get(custom))) || 'no value';
  }
  switch (field as RuleField) {
    case 'api_key_id':
      return subject.apiKeyId;
    case 'email_domain':
      return emailDomainOf(subject.email) || 'no e-mail address';
    case 'subject':
    case 'message': {
      const text = quoted(preparedText(subject, field as TextField).read);
      if (!text) {
        return field === 'subject' ? 'no subject' : 'no message';
      }
      return text;
    }
    case 'tag':
      return subject.tags.length > 0 ? subject.tags.join(', ') : 'no labels';
    case 'priority':
      return subject.priority;
    case 'status':
      return subject.status;
    case 'spam':
      return subject.status === 'spam' ? 'true' : 'false';
  }
}

function valueWords(value: RuleConditionSpec['value']): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** A condition checked, as a sentence: `email_domain is example.com: yes (example.com)`. */
export function reasonOf(condition: CompiledCondition, subject: RuleSubject): { matches: boolean; reason: string } {
  const { field, op, value } = condition.spec;
  const matches = condition.test(subject);
  return {
    matches,
    reason: `${field} ${opWords(field, op)} ${valueWords(value)}: ${matches ? 'yes' : 'no'} (${actualOf(field, subject)})`,
  };
}
