import { FieldDefinition, FieldType } from '../api';
import { fieldErrorOf } from '../custom-fields';

/** The types of the contract, in the words the Fields screen offers them. */
export const TYPES: Record<FieldType, string> = {
  text: 'Text (one line)',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  email: 'E-mail address',
  url: 'Web address',
  phone: 'Phone number',
  select: 'Choice of one',
  multi_select: 'Choice of several',
  checkbox: 'Checkbox (yes or no)',
};

/** The contract's default of `personal` for a new field of each type (the API applies the same one). */
const PERSONAL_BY_DEFAULT: ReadonlySet<FieldType> = new Set(['text', 'long_text', 'email', 'phone', 'url']);

/** One field as the screen edits it: numbers and options as typed, until Save sends them. */
export interface FieldDraft {
  /** Stable while the list is edited (moves, removals), for Preact's keys and the inputs' ids. */
  id: number;
  /** In the saved version: its name, type and `personal` are fixed (the API refuses a change). */
  saved: boolean;
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** One option per line. */
  options: string;
  maxLength: string;
  min: string;
  max: string;
  help: string;
  personal: boolean;
  staffOnly: boolean;
}

let nextId = 1;

const text = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

export function draftOf(field: FieldDefinition): FieldDraft {
  return {
    id: nextId++,
    saved: true,
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    options: (field.options ?? []).join('\n'),
    maxLength: text(field.max_length),
    min: text(field.min),
    max: text(field.max),
    help: field.help ?? '',
    personal: field.personal ?? PERSONAL_BY_DEFAULT.has(field.type),
    staffOnly: field.staff_only,
  };
}

export function newDraft(): FieldDraft {
  return {
    id: nextId++,
    saved: false,
    name: '',
    label: '',
    type: 'text',
    required: false,
    options: '',
    maxLength: '',
    min: '',
    max: '',
    help: '',
    personal: PERSONAL_BY_DEFAULT.has('text'),
    staffOnly: false,
  };
}

/** A new field of another type takes that type's default of `personal`. */
export function withType(draft: FieldDraft, type: FieldType): FieldDraft {
  return { ...draft, type, personal: draft.saved ? draft.personal : PERSONAL_BY_DEFAULT.has(type) };
}

/** A name suggested by a label ("Order number" -> order_number), while the name is still the suggestion. */
export function nameFrom(label: string): string {
  const name = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '');
  return name.slice(0, 40).replace(/_+$/, '');
}

export const hasOptions = (type: FieldType) => type === 'select' || type === 'multi_select';
export const hasMaxLength = (type: FieldType) => type === 'text' || type === 'long_text';

/** A number as typed: nothing, the number, or the text itself (the API refuses it by name). */
function numberOf(typed: string): number | string | undefined {
  const trimmed = typed.trim();
  if (trimmed === '') {
    return undefined;
  }
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** The body of `PUT keys/:id/fields`: the whole list in order, each with the members its type takes. */
export function bodyOf(drafts: FieldDraft[]): { fields: Record<string, unknown>[] } {
  return {
    fields: drafts.map((draft) => ({
      name: draft.name.trim(),
      label: draft.label,
      type: draft.type,
      required: draft.required,
      ...(hasOptions(draft.type) && {
        options: draft.options
          .split('\n')
          .map((option) => option.trim())
          .filter((option) => option !== ''),
      }),
      ...(hasMaxLength(draft.type) && { max_length: numberOf(draft.maxLength) }),
      ...(draft.type === 'number' && { min: numberOf(draft.min), max: numberOf(draft.max) }),
      help: draft.help.trim() || null,
      personal: draft.personal,
      staff_only: draft.staffOnly,
    })),
  };
}

/** The inputs of a field the API may name (`fields[2].options` names item 3's options). */
export type Member = 'name' | 'label' | 'type' | 'options' | 'max_length' | 'min' | 'max' | 'help' | 'personal';

/** What the API refused, in words, and where: an item's input, an item, or the whole list. */
export interface DefinitionProblem {
  /** The item (0-based) named, or null for the list or anything else. */
  index: number | null;
  member: Member | null;
  words: string;
}

const WORDS: Record<Member, { Missing?: string; Invalid: string }> = {
  name: {
    Missing: 'Give the field a name.',
    Invalid:
      'A name starts with a letter a-z and has only a-z, 0-9 and _ (at most 40 characters); each field has its own.',
  },
  label: { Missing: 'Give the field a label.', Invalid: 'A label is one line of at most 100 characters.' },
  type: {
    Missing: 'Choose a type.',
    Invalid: 'This name was saved before with another type, which it keeps: use another name.',
  },
  options: {
    Missing: 'List the options, one per line.',
    Invalid: 'From 1 to 100 options, one per line, each different and one line of at most 100 characters.',
  },
  max_length: { Invalid: 'A whole number from 1 to 1000 for a text, to 10000 for a long text; empty for the most.' },
  min: { Invalid: 'A number (or nothing).' },
  max: { Invalid: 'A number (or nothing), not below the smallest.' },
  help: { Invalid: 'A help text is one line of at most 500 characters.' },
  personal: { Invalid: 'This name was saved before with the other choice, which it keeps: use another name.' },
};

const ITEM = /^fields\[(\d+)\](?:\.([a-z_]+))?$/;

/** Where and in what words to show the API's refusal of a Save. */
export function problemOf(message: string): DefinitionProblem {
  const error = fieldErrorOf(message);
  const item = error && ITEM.exec(error.path);
  if (!error || !item) {
    const words = error?.path === 'fields' ? 'A key has at most 50 fields.' : message;
    return { index: null, member: null, words };
  }
  const index = Number(item[1]);
  const member = item[2] as Member | undefined;
  if (member && Object.hasOwn(WORDS, member)) {
    const words = WORDS[member];
    return { index, member, words: (error.kind === 'Missing' ? words.Missing : undefined) ?? words.Invalid };
  }
  return { index, member: null, words: `This field was refused (${message}).` };
}
