import type { OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; $ref?: string };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, unknown>;
};

const COMPONENT = '#/components/schemas/';

/** The validation rules class-validator holds for each DTO class (inherited ones included), by class name. */
function rulesByClass(): Map<string, ValidationMetadata[]> {
  const storage = getMetadataStorage();
  const targets = (storage as unknown as { validationMetadatas: Map<new () => object, unknown> }).validationMetadatas;
  const byName = new Map<string, ValidationMetadata[]>();
  for (const target of targets.keys()) {
    byName.set(target.name, storage.getTargetValidationMetadatas(target, '', true, false));
  }
  return byName;
}

/** What a property's class-validator rules say, in JSON Schema words (the service enforces each). */
function tighten(property: Schema, rules: ValidationMetadata[]): void {
  for (const rule of rules) {
    const [first] = (rule.constraints ?? []) as unknown[];
    switch (rule.name) {
      case 'isInt':
        property.type = 'integer';
        break;
      case 'isUuid':
        property.format = 'uuid';
        break;
      case 'dateOrDateTime':
        property.anyOf = [{ format: 'date' }, { format: 'date-time' }];
        break;
      case 'emailAddress':
      case 'isEmail':
        property.format = 'email';
        break;
      case 'maxCodePoints':
      case 'maxLength':
        property.maxLength = Math.min(Number(first), Number(property.maxLength ?? Infinity));
        break;
      case 'min':
        property.minimum = Number(first);
        break;
      case 'max':
        property.maximum = Number(first);
        break;
      case 'isNotEmpty':
        if (property.type === 'string') {
          property.minLength = Math.max(1, Number(property.minLength ?? 0));
        }
        break;
      case 'matches':
        // Several patterns on one field: the first is the field's own; all are enforced.
        if (first instanceof RegExp && property.pattern === undefined) {
          property.pattern = first.source;
        }
        break;
    }
  }
}

/**
 * Makes the generated document as strict as the service (issue 29): request bodies refuse unknown
 * fields (`additionalProperties: false`, as the validation pipe does), every class-validator rule of a
 * request DTO or query parameter becomes its JSON Schema keyword (integer, uuid, email, lengths,
 * bounds, patterns), nullable references are written so OAS 3.0 validators accept `null` (the object
 * inlined beside `nullable: true`: `nullable` beside `allOf` does not allow it), and every staff
 * operation documents its 503 (Redis or the database away).
 */
export function strictDocument(document: OpenAPIObject, errorSchema: string, staffSchemes: string[]): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const rules = rulesByClass();
  const requestSchemas = new Set<string>();
  const operations = Object.values(document.paths).flatMap((item) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) =>
      item[method] ? [{ method, operation: item[method] as unknown as Operation }] : [],
    ),
  );
  for (const { method, operation } of operations) {
    // A form's fields are checked as a JSON body's are (the rating page's form, the one such body).
    const content = operation.requestBody?.content;
    const ref = (content?.['application/json'] ?? content?.['application/x-www-form-urlencoded'])?.schema?.$ref;
    if (ref) {
      requestSchemas.add(ref.slice(COMPONENT.length));
    }
    for (const parameter of operation.parameters ?? []) {
      const owners = [...rules.values()].flat().filter((rule) => rule.propertyName === parameter.name);
      if (parameter.in === 'query' && parameter.schema && owners.length > 0) {
        tighten(parameter.schema, owners);
      }
      // Every path parameter is a row's id, and the validation pipe answers 404 to anything but a UUID.
      if (parameter.in === 'path' && parameter.schema) {
        parameter.schema.format = 'uuid';
      }
    }
    const staff = (operation.security ?? []).some((scheme) => staffSchemes.some((name) => name in scheme));
    const error = (description: string) => ({
      description,
      content: { 'application/json': { schema: { $ref: `${COMPONENT}${errorSchema}` } } },
    });
    if (staff) {
      operation.responses['503'] ??= error('Redis or the database is unavailable; carries Retry-After (seconds)');
    }
    // A write (not a GET) with the session cookie meets the cross-site rules.
    if (staff && method !== 'get') {
      operation.responses['403'] ??= error(
        'A cookie-session write refused by a cross-site rule (the message names it), or a role it lacks',
      );
    }
    if (operation.requestBody) {
      operation.responses['415'] ??= error('Body is not application/json');
    }
  }
  for (const name of requestSchemas) {
    const schema = schemas[name];
    if (!schema) {
      continue;
    }
    schema.additionalProperties = false;
    for (const [property, definition] of Object.entries(schema.properties ?? {})) {
      tighten(
        definition,
        (rules.get(name) ?? []).filter((rule) => rule.propertyName === property),
      );
    }
  }
  const inlined = new Set<string>();
  for (const schema of Object.values(schemas)) {
    for (const [property, definition] of Object.entries(schema.properties ?? {})) {
      const target = (definition.allOf as Schema[] | undefined)?.[0]?.$ref;
      if (definition.nullable && target && (definition.allOf as Schema[]).length === 1) {
        const { allOf: _allOf, ...rest } = definition;
        const name = target.slice(COMPONENT.length);
        schema.properties![property] = { ...(schemas[name] ?? {}), ...rest, type: 'object', nullable: true };
        inlined.add(name);
      }
    }
  }
  // A component only ever used where it was inlined is no longer referenced: drop it.
  const text = JSON.stringify(document);
  for (const name of inlined) {
    if (!text.includes(`"${COMPONENT}${name}"`)) {
      delete schemas[name];
    }
  }
  return document;
}
