import { FieldDefinition } from './field-definitions';
import { BLANK, FREE_TEXT, fieldsObjectSchema, NOT_BLANK, PHONE } from './field-values';

/** An optional part-one field: absent, null or blank (taken as absent), or a value of this schema. */
function optional(value: Record<string, unknown>): Record<string, unknown> {
  return { anyOf: [{ type: 'null' }, { type: 'string', pattern: BLANK }, value] };
}

/**
 * JSON Schema 2020-12 of POST /contact_api.php's whole body for a key: part one's five fields (the
 * rules CreateSubmissionDto applies) and, when the key has fields, `fields` with the key's client
 * fields. A client system can validate its form with any 2020-12 validator that asserts formats
 * (`date`, `email`, `uri`). The service trims strings before it measures them; a value that fits only
 * once trimmed is accepted by the service and refused by the schema, never the other way round.
 */
export function submissionBodySchema(fields: readonly FieldDefinition[]): object {
  const properties: Record<string, unknown> = {
    name: { type: 'string', maxLength: 200, allOf: [{ pattern: NOT_BLANK }, { pattern: FREE_TEXT }] },
    email: optional({ type: 'string', maxLength: 254, format: 'email' }),
    phone: optional({ type: 'string', maxLength: 32, allOf: [{ pattern: PHONE }, { pattern: FREE_TEXT }] }),
    business: optional({ type: 'string', maxLength: 200, pattern: FREE_TEXT }),
    message: optional({ type: 'string', maxLength: 10_000, pattern: FREE_TEXT }),
  };
  const required = ['name'];
  if (fields.length > 0) {
    const member = fieldsObjectSchema(fields);
    if ((member.required as string[]).length > 0) {
      properties.fields = member;
      required.push('fields');
    } else {
      properties.fields = { anyOf: [{ type: 'null' }, member] };
    }
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'POST /contact_api.php',
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  };
}
