import { useEffect, useRef, useState } from 'preact/hooks';
import { Submission } from '../api';

export interface Selection {
  /** The ids chosen, in the list's order. */
  ids: string[];
  /** How many of `ids` the list does not show now (a change or a refresh moved them out of it). */
  hidden: number;
  /** The reference of each row chosen, kept when a refresh drops the row from the list. */
  refs: ReadonlyMap<string, string>;
  has: (id: string) => boolean;
  /** Adds or removes one row (`x` on the focused row, a click on its box); it becomes the anchor. */
  toggle: (index: number) => void;
  /** Selects every row from the anchor (the last one toggled) to this one (shift-click). */
  extendTo: (index: number) => void;
  clear: () => void;
}

/** A bulk change takes at most this many ids (the API refuses more): the selection stops there. */
export const MAX_SELECTED = 500;

/** `current` with `ids` added, up to MAX_SELECTED. */
function withAdded(current: ReadonlySet<string>, ids: string[]): ReadonlySet<string> {
  const next = new Set(current);
  for (const id of ids) {
    if (next.size >= MAX_SELECTED) {
      break;
    }
    next.add(id);
  }
  return next;
}

/**
 * The rows chosen for a bulk change. Kept across refreshes of the list (a row that leaves it stays
 * chosen until cleared: the change applies to what was chosen), cleared when the filters change.
 */
export function useSelection(items: Submission[], filtersKey: string): Selection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const refs = useRef(new Map<string, string>());
  // The anchor is a row's id, not its place: a live refresh may put new rows above it.
  const anchor = useRef<string | null>(null);
  useEffect(() => {
    setChosen(new Set());
    anchor.current = null;
  }, [filtersKey]);

  const toggle = (index: number) => {
    const item = items[index];
    if (!item) {
      return;
    }
    anchor.current = item.id;
    refs.current.set(item.id, item.ref);
    setChosen((current) => {
      if (!current.has(item.id)) {
        return withAdded(current, [item.id]);
      }
      const next = new Set(current);
      next.delete(item.id);
      return next;
    });
  };
  const extendTo = (index: number) => {
    const at = items.findIndex((item) => item.id === anchor.current);
    if (at === -1) {
      toggle(index);
      return;
    }
    const [from, to] = at <= index ? [at, index] : [index, at];
    for (const item of items.slice(from, to + 1)) {
      refs.current.set(item.id, item.ref);
    }
    setChosen((current) =>
      withAdded(
        current,
        items.slice(from, to + 1).map((item) => item.id),
      ),
    );
  };
  const shown = items.filter((item) => chosen.has(item.id)).map((item) => item.id);
  const ordered = [...shown, ...[...chosen].filter((id) => !items.some((item) => item.id === id))];
  return {
    ids: ordered,
    hidden: ordered.length - shown.length,
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
