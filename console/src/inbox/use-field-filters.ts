import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { FieldDefinition, Ref } from '../api';
import { keyFields } from '../custom-fields';
import { FIELD_FILTER, Filters } from './filters';

/** A custom field the inbox filters by: one select of its options. */
export interface FieldFilter {
  name: string;
  label: string;
  options: string[];
}

/**
 * The inbox's custom-field filters: a select or multi_select of the keys in view (never a personal
 * one, which the API does not filter by), one per name with the options of every key that has it.
 * Each key's fields are read once and kept while the inbox is open, so a filter that empties the
 * list keeps its control; one set in the address that no key shows still gets one, to be cleared.
 */
export function useFieldFilters(keys: Ref[], filters: Filters): FieldFilter[] {
  const [byKey, setByKey] = useState<ReadonlyMap<string, FieldDefinition[]>>(new Map());
  // Keys asked for already (answered or not): each is read once.
  const asked = useRef(new Set<string>());
  const ids = keys.map((key) => key.id).join();
  useEffect(() => {
    for (const { id } of keys.filter((key) => !asked.current.has(key.id))) {
      asked.current.add(id);
      keyFields(id).then(
        (view) => setByKey((known) => new Map(known).set(id, view.fields)),
        () => setByKey((known) => new Map(known).set(id, [])),
      );
    }
  }, [ids]);

  const set = Object.entries(filters).filter(([name, value]) => name.startsWith(FIELD_FILTER) && value);
  return useMemo(() => {
    const merged = new Map<string, FieldFilter>();
    for (const fields of byKey.values()) {
      for (const field of fields) {
        if ((field.type !== 'select' && field.type !== 'multi_select') || field.personal) {
          continue;
        }
        const known = merged.get(field.name);
        const options = [...new Set([...(known?.options ?? []), ...(field.options ?? [])])];
        merged.set(field.name, { name: field.name, label: known?.label ?? field.label, options });
      }
    }
    for (const [param, value] of set) {
      const name = param.slice(FIELD_FILTER.length);
      const known = merged.get(name);
      if (!known?.options.includes(value as string)) {
        merged.set(name, { name, label: known?.label ?? name, options: [...(known?.options ?? []), value as string] });
      }
    }
    return [...merged.values()];
  }, [byKey, JSON.stringify(set)]);
}
