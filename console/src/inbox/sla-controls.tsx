import { Filters } from './filters';

/**
 * The list's order ("Newest" or "Due first": `sort=due`) and "Breached only" (`breached=true`), both in
 * the address like the other filters. Shown on a phone too, outside the folded filters: they are how
 * an agent finds what is late.
 */
export function SlaControls({
  filters,
  setFilter,
}: {
  filters: Filters;
  setFilter: (name: string, value: string | undefined) => void;
}) {
  return (
    <>
      <label>
        Sort
        <select value={filters.sort ?? ''} onChange={(e) => setFilter('sort', e.currentTarget.value)}>
          <option value="">Newest</option>
          <option value="due">Due first</option>
        </select>
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={filters.breached === 'true'}
          onChange={(e) => setFilter('breached', e.currentTarget.checked ? 'true' : undefined)}
        />
        Breached only
      </label>
    </>
  );
}
