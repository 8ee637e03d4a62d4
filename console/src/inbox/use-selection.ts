import { useEffect, useRef, useState } from 'preact/hooks';
import { Submission } from '../api';

export interface Selection {
  /** The ids chosen, in the list's order. */
  ids: string[];
  /** The reference of each row chosen, kept when a refresh drops the row from the list. */
  refs: ReadonlyMap<string, string>;
  has: (id: string) => boolean;
  /** Adds or removes one row (`x` on the focused row, a click on its box); it becomes the anchor. */
  toggle: (index: number) => void;
  /** Selects every row from the anchor (the last one toggled) to this one (shift-click). */
  extendTo: (index: number) => void;
  clear: () => void;
}

/**
 * The rows chosen for a bulk change. Kept across refreshes of the list (a row that leaves it stays
 * chosen until cleared: the change applies to what was chosen), cleared when the filters change.
 */
export function useSelection(items: Submission[], filtersKey: string): Selection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const refs = useRef(new Map<string, string>());
  const anchor = useRef<number | null>(null);
  useEffect(() => {
    setChosen(new Set());
    anchor.current = null;
  }, [filtersKey]);

  const toggle = (index: number) => {
    const item = items[index];
    if (!item) {
      return;
    }
    anchor.current = index;
    refs.current.set(item.id, item.ref);
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(item.id)) {
        next.delete(item.id);
      } else {
        next.add(item.id);
      }
      return next;
    });
  };
  const extendTo = (index: number) => {
    if (anchor.current === null) {
      toggle(index);
      return;
    }
    const [from, to] = anchor.current <= index ? [anchor.current, index] : [index, anchor.current];
    for (const item of items.slice(from, to + 1)) {
      refs.current.set(item.id, item.ref);
    }
    setChosen((current) => new Set([...current, ...items.slice(from, to + 1).map((item) => item.id)]));
  };
  const ordered = [
    ...items.filter((item) => chosen.has(item.id)).map((item) => item.id),
    ...[...chosen].filter((id) => !items.some((item) => item.id === id)),
  ];
  return {
    ids: ordered,
    refs: refs.current,
    has: (id) => chosen.has(id),
    toggle,
    extendTo,
    clear: () => {
      setChosen(new Set());
      anchor.current = null;
    },
  };
}
