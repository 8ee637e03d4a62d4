import { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { Submission } from '../api';
import { useShortcuts } from '../shortcuts';

/**
 * Keyboard triage of the list: j/k move, Enter opens, x chooses the focused row for a bulk change,
 * / searches, f goes to the filters (the open submission's own shortcuts are the detail's). Answers
 * the active row and a setter for it (a row that takes focus becomes active).
 */
export function useInboxKeys({
  items,
  open,
  choose,
  searchBox,
  firstFilter,
  openFilters,
}: {
  items: Submission[];
  open: (id: string) => void;
  /** Adds or removes the row at this index from the bulk selection. */
  choose: (index: number) => void;
  searchBox: RefObject<HTMLInputElement | null>;
  firstFilter: RefObject<HTMLSelectElement | null>;
  openFilters: () => void;
}): [number, (index: number) => void] {
  // The active row as last set, for a key pressed before the next render.
  const active = useRef(0);
  const [shown, setShown] = useState(0);
  const setActive = (index: number) => {
    active.current = index;
    setShown(index);
  };
  useShortcuts((event, target) => {
    if (event.key === 'j' || event.key === 'k') {
      event.preventDefault();
      // From outside the list, the first press brings focus back to the current row.
      const step = target.closest('.list') ? (event.key === 'j' ? 1 : -1) : 0;
      const next = Math.min(Math.max(0, active.current + step), Math.max(0, items.length - 1));
      setActive(next);
      document.getElementById(`row-${items[next]?.id}`)?.focus();
    } else if (event.key === 'Enter' && items[active.current] && target.closest('.list')) {
      event.preventDefault();
      open(items[active.current].id);
    } else if (event.key === 'x' && items[active.current] && target.closest('.list')) {
      event.preventDefault();
      choose(active.current);
    } else if (event.key === '/') {
      event.preventDefault();
      searchBox.current?.focus();
    } else if (event.key === 'f') {
      // Unfolded first (a narrow screen folds them), then focused once shown.
      event.preventDefault();
      openFilters();
      setTimeout(() => firstFilter.current?.focus());
    }
  });
  return [shown, setActive];
}
