/** Where a query DTO keeps what TakesPrefixedMembers describes. */
const PREFIXED_MEMBERS = Symbol('prefixed query members');

/** Members named `<prefix><name>`, handed to the route under `property`. */
export interface PrefixedMembers {
  prefix: string;
  property: string;
}

/**
 * A query DTO that also takes members whose names are data rather than declared: every member named
 * `<prefix><name>` (the staff list's `field.<name>` filters, one per custom field of some key). The
 * global pipe takes them out before it refuses unknown members and sets them on the DTO's `property`
 * as a Map from `<name>` to the raw value (a string, or an array when the member was repeated), in the
 * query's order; checking them is the service's, which knows which names exist. Every other
 * undeclared member is still `Unknown field: <member>`. A Map, not an object: `__proto__` is a name
 * like any other. Inherited by subclasses; a mapped type (IntersectionType, OmitType) needs its own.
 */
export function TakesPrefixedMembers(prefix: string, property: string): ClassDecorator {
  return (target) => Reflect.defineMetadata(PREFIXED_MEMBERS, { prefix, property }, target);
}

/** What TakesPrefixedMembers said of this DTO (or of a class it extends), if anything. */
export function prefixedMembersOf(dto: object): PrefixedMembers | undefined {
  return Reflect.getMetadata(PREFIXED_MEMBERS, dto) as PrefixedMembers | undefined;
}

/** A query split into its declared part and its prefixed members (undefined: none was sent). */
export function splitPrefixedMembers(
  query: Record<string, unknown>,
  prefix: string,
): { declared: Record<string, unknown>; members: Map<string, unknown> | undefined } {
  const declared: Record<string, unknown> = {};
  let members: Map<string, unknown> | undefined;
  for (const [name, value] of Object.entries(query)) {
    if (name.startsWith(prefix)) {
      members ??= new Map();
      members.set(name.slice(prefix.length), value);
    } else {
      declared[name] = value;
    }
  }
  return { declared, members };
}
