import { useEffect, useState } from 'preact/hooks';
import { api, BulkChange, Priority, Ref, Status, STATUSES } from '../api';
import { ErrorLine, PriorityOptions } from '../parts';
import { STATUS_LABELS } from './filters';
import { MAX_SELECTED, Selection } from './use-selection';
import { useBulkChange } from './use-bulk-change';

type Field = 'status' | 'assignee_id' | 'priority' | 'add_tags' | 'remove_tags';

const FIELDS: { field: Field; label: string }[] = [
  { field: 'status', label: 'Status' },
  { field: 'assignee_id', label: 'Assignee' },
  { field: 'priority', label: 'Priority' },
  { field: 'add_tags', label: 'Add tag' },
  { field: 'remove_tags', label: 'Remove tag' },
];

/** The change the bar's two controls describe, or null while it is not one yet (no tag typed). */
function changeOf(field: Field, value: string): BulkChange | null {
  switch (field) {
    case 'status':
      return { status: value as Status };
    case 'assignee_id':
      return { assignee_id: value || null };
    case 'priority':
      return { priority: value as Priority };
    default:
      return value.trim() === '' ? null : { [field]: [value.trim()] };
  }
}

const FIRST_VALUE: Record<Field, string> = {
  status: 'open',
  assignee_id: '',
  priority: 'high',
  add_tags: '',
  remove_tags: '',
};

/**
 * Shown while rows are chosen (`x` on a row, its box, shift-click for a range): "N selected", one
 * change to apply to all of them, and what it did to each (the API decides; this only says it).
 */
export function BulkBar({ selection, onDone }: { selection: Selection; onDone: () => void }) {
  const [field, setField] = useState<Field>('status');
  const [value, setValue] = useState(FIRST_VALUE.status);
  const [assignable, setAssignable] = useState<Ref[]>([]);
  const { apply, summary, error, busy } = useBulkChange(selection.refs, onDone);
  useEffect(() => {
    void api<Ref[]>('staff/assignable').then(setAssignable, () => undefined);
  }, []);
  if (selection.ids.length === 0 && !summary) {
    return null;
  }
  const change = changeOf(field, value);
  return (
    <form
      class="bulk-bar"
      aria-label="Bulk change"
      onSubmit={(event) => {
        event.preventDefault();
        if (change) {
          void apply(selection.ids, change);
        }
      }}
    >
      <strong role="status">
        {selection.ids.length} selected
        {selection.hidden > 0 ? `, ${selection.hidden} not shown here` : ''}
        {selection.ids.length >= MAX_SELECTED ? ` (at most ${MAX_SELECTED} at once)` : ''}
      </strong>
      <label class="inline">
        Change
        <select
          value={field}
          onChange={(event) => {
            const next = event.currentTarget.value as Field;
            setField(next);
            setValue(FIRST_VALUE[next]);
          }}
        >
          {FIELDS.map((option) => (
            <option key={option.field} value={option.field}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label class="inline">
        To
        {field === 'status' ? (
          <select value={value} onChange={(event) => setValue(event.currentTarget.value)}>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        ) : field === 'assignee_id' ? (
          <select value={value} onChange={(event) => setValue(event.currentTarget.value)}>
            <option value="">nobody</option>
            {assignable.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        ) : field === 'priority' ? (
          <select value={value} onChange={(event) => setValue(event.currentTarget.value)}>
            <PriorityOptions />
          </select>
        ) : (
          <input maxLength={40} value={value} onInput={(event) => setValue(event.currentTarget.value)} />
        )}
      </label>
      <button type="submit" disabled={busy || !change || selection.ids.length === 0}>
        Apply to {selection.ids.length}
      </button>
      <button type="button" disabled={selection.ids.length === 0} onClick={selection.clear}>
        Clear selection
      </button>
      {summary && (
        <p class="notice" role="status" data-testid="bulk-result">
          {summary}
        </p>
      )}
      <ErrorLine error={error} />
    </form>
  );
}
