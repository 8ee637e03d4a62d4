import { SPAM_REASON_TEXT, Submission } from '../api';
import { ago, when } from '../format';
import { DueMark } from './due-mark';
import { Filters } from './filters';

/** One row of the list: its box for a bulk change, and a link that opens the submission beside it. */
export function SubmissionRow({
  item,
  filters,
  selected,
  active,
  onFocus,
  now,
  chosen,
  onChoose,
}: {
  item: Submission;
  filters: Filters;
  selected: boolean;
  active: boolean;
  onFocus: () => void;
  /** The browser's time, for "Due in 12 min". */
  now: number;
  /** Chosen for a bulk change (`x`, or a click on the box; shift-click chooses a range). */
  chosen: boolean;
  onChoose: (range: boolean) => void;
}) {
  const shown = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
  return (
    <li class={chosen ? 'chosen' : undefined}>
      <input
        type="checkbox"
        class="row-select"
        aria-label={`Select #${item.ref}`}
        checked={chosen}
        onClick={(event) => onChoose(event.shiftKey)}
      />
      <a
        id={`row-${item.id}`}
        href={`#/inbox?${new URLSearchParams({ ...shown, open: item.id }).toString()}`}
        class={`row${selected ? ' selected' : ''}${active ? ' active' : ''}`}
        aria-current={selected ? 'true' : undefined}
        onFocus={onFocus}
      >
        <span class="row-top">
          <strong class="row-name">{item.name || (item.unreadable ? 'Unreadable' : '')}</strong>
          <time dateTime={item.created_at} title={when(item.created_at)}>
            {ago(item.created_at)}
          </time>
        </span>
        <span class="row-meta">
          <DueMark sla={item.sla} now={now} />
          <span class={`badge status-${item.status}`}>{item.status}</span>{' '}
          {item.priority !== 'normal' && (
            <>
              <span class={`badge priority-${item.priority}`}>
                <span class="sr-only">priority </span>
                {item.priority}
              </span>{' '}
            </>
          )}
          {item.email ?? item.phone ?? ''} · {item.api_key.name}
          {item.assignee ? ` · ${item.assignee.name}` : ''}
          {item.spam_reasons.length > 0 &&
            ` · flagged: ${item.spam_reasons.map((reason) => SPAM_REASON_TEXT[reason]).join('; ')}`}
          {item.tags.map((label) => (
            <span class="badge tag" key={label}>
              <span class="sr-only">tag </span>
              {label}
            </span>
          ))}
        </span>
        <span class="row-message">{item.unreadable ? `Unreadable: ${item.unreadable}` : (item.message ?? '')}</span>
      </a>
    </li>
  );
}
