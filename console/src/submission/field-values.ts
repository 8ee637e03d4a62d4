import { FieldDefinition, SubmissionField } from '../api';
import { fieldErrorOf } from '../custom-fields';
import { day, number } from '../format';

/** A value as the detail shows it: the choices of a multi_select as a list, a box as Yes or No. */
export function shownValue(field: SubmissionField): string | string[] | null {
  const { value } = field;
  if (value === null || (Array.isArray(value) && value.length === 0)) {
    return null;
  }
  if (Array.isArray(value)) {
    return value;
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'number') {
    return number(value);
  }
  return field.type === 'date' ? day(value) : value;
}

/** A field's value as its input holds it: text, the chosen options, or a box ticked or not. */
export type Draft = string | string[] | boolean;

export function draftOf(definition: FieldDefinition, value: SubmissionField['value'] | undefined): Draft {
  if (definition.type === 'multi_select') {
    return Array.isArray(value) ? value : [];
  }
  if (definition.type === 'checkbox') {
    return value === true;
  }
  return value === null || value === undefined ? '' : String(value);
}

/** What PATCH sends for a draft: null clears, a number as a number (or as typed, for the API to refuse). */
function valueOf(definition: FieldDefinition, draft: Draft): unknown {
  if (typeof draft === 'boolean') {
    return draft;
  }
  if (Array.isArray(draft)) {
    return draft.length > 0 ? draft : null;
  }
  if (draft.trim() === '') {
    return null;
  }
  if (definition.type === 'number') {
    const value = Number(draft);
    return Number.isFinite(value) ? value : draft;
  }
  return draft;
}

/** The `fields` of a PATCH: only what the agent changed (the rest keeps its value). */
export function changedValues(
  definitions: FieldDefinition[],
  before: Record<string, Draft>,
  after: Record<string, Draft>,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const definition of definitions) {
    if (JSON.stringify(before[definition.name]) !== JSON.stringify(after[definition.name])) {
      changed[definition.name] = valueOf(definition, after[definition.name]);
    }
  }
  return changed;
}

/** What the API's refusal of a value means, in words, and which field it names (null: none). */
export function valueProblemOf(
  message: string,
  definitions: FieldDefinition[],
): { name: string | null; words: string } {
  const error = fieldErrorOf(message);
  const name = error?.path.startsWith('fields.') ? error.path.slice('fields.'.length) : null;
  const definition = definitions.find((field) => field.name === name);
  if (!error || !definition) {
    return { name: null, words: message };
  }
  if (error.kind === 'Unknown') {
    return { name, words: 'No longer one of the key’s fields: close the form and open the submission again.' };
  }
  if (error.kind === 'Missing') {
    return { name, words: 'Required: it cannot be left empty.' };
  }
  return { name, words: invalidWords(definition) };
}

function invalidWords(field: FieldDefinition): string {
  switch (field.type) {
    case 'text':
      return `One line of at most ${field.max_length ?? 1000} characters.`;
    case 'long_text':
      return `At most ${field.max_length ?? 10000} characters.`;
    case 'number':
      return `A number${rangeOf(field)}.`;
    case 'date':
      return 'A date that exists.';
    case 'email':
      return 'An e-mail address, such as name@example.com.';
    case 'url':
      return 'A web address starting with http:// or https://.';
    case 'phone':
      return 'A phone number: digits, spaces and + - ( ) . / x, at most 32 characters.';
    case 'select':
      return 'One of the options.';
    case 'multi_select':
      return 'Options of the list, each once.';
    case 'checkbox':
      return 'Ticked or not.';
  }
}

function rangeOf(field: FieldDefinition): string {
  const { min, max } = field;
  if (min !== null && min !== undefined && max !== null && max !== undefined) {
    return ` from ${number(min)} to ${number(max)}`;
  }
  if (min !== null && min !== undefined) {
    return ` of at least ${number(min)}`;
  }
  if (max !== null && max !== undefined) {
    return ` of at most ${number(max)}`;
  }
  return '';
}
