import { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { Me, Priority, Ref, Status, SubmissionDetail } from '../api';
import { PriorityOptions } from '../parts';
import { Change } from './use-submission';

const ACTIONS: { status: Status; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'pending', label: 'Pending' },
  { status: 'closed', label: 'Close' },
  { status: 'spam', label: 'Spam' },
];

/** The status buttons and the assignment. */
export function Workflow({
  detail,
  me,
  assignable,
  change,
}: {
  detail: SubmissionDetail;
  me: Me;
  assignable: Ref[];
  change: Change;
}) {
  return (
    <div class="actions" role="group" aria-label="Workflow">
      {detail.status === 'spam' && (
        <button type="button" onClick={() => void change({ status: 'new' })}>
          Not spam
        </button>
      )}
      {ACTIONS.map((action) => (
        <button
          type="button"
          key={action.status}
          disabled={detail.status === action.status}
          onClick={() => void change({ status: action.status })}
        >
          {action.label}
        </button>
      ))}
      <button
        type="button"
        disabled={detail.assignee?.id === me.id}
        onClick={() => void change({ assignee_id: me.id })}
      >
        Assign to me
      </button>
      {detail.assignee && (
        <button type="button" onClick={() => void change({ assignee_id: null })}>
          Unassign
        </button>
      )}
      <label class="inline">
        Assign to
        <select
          value={detail.assignee?.id ?? ''}
          onChange={(e) => void change({ assignee_id: e.currentTarget.value || null })}
        >
          <option value="">nobody</option>
          {assignable.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The priority and the tags (Enter adds the one typed; each has a remove button). */
export function Triage({
  detail,
  change,
  setNotice,
  prioritySelect,
}: {
  detail: SubmissionDetail;
  change: Change;
  setNotice: (notice: string) => void;
  prioritySelect: RefObject<HTMLSelectElement | null>;
}) {
  const [tag, setTag] = useState('');
  const addTag = async () => {
    const added = tag;
    if (added.trim() === '') {
      return;
    }
    if (await change((current) => ({ tags: [...current.tags, added] }))) {
      setTag((draft) => (draft === added ? '' : draft));
    }
  };
  const tagInput = useRef<HTMLInputElement>(null);
  const removeTag = async (removed: string) => {
    if (await change((current) => ({ tags: current.tags.filter((label) => label !== removed) }))) {
      setNotice(`Tag “${removed}” removed.`);
      tagInput.current?.focus();
    }
  };
  return (
    <div class="triage" role="group" aria-label="Priority and tags">
      <label class="inline">
        Priority
        <select
          ref={prioritySelect}
          class={`priority-${detail.priority}`}
          value={detail.priority}
          onChange={(e) => void change({ priority: e.currentTarget.value as Priority })}
        >
          <PriorityOptions />
        </select>
      </label>
      {detail.tags.length > 0 && (
        <ul class="tag-list" aria-label="Tags">
          {detail.tags.map((label) => (
            <li key={label} class="badge tag">
              {label}
              <button
                type="button"
                class="tag-remove"
                aria-label={`Remove tag ${label}`}
                onClick={() => void removeTag(label)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label class="inline">
        Add a tag
        <input
          ref={tagInput}
          maxLength={40}
          value={tag}
          placeholder="Enter adds it"
          onInput={(e) => setTag(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void addTag();
            }
          }}
        />
      </label>
    </div>
  );
}
