import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { PRIORITIES } from './api';

/**
 * A table; on a phone each row becomes a card whose cells are labelled with their column's name
 * (`data-label`, shown by the stylesheet), so nothing needs sideways scrolling and every row's buttons
 * stay in view. An empty header is read as "Actions".
 */
export function DataTable({ columns, children }: { columns: string[]; children: ComponentChildren }) {
  const table = useRef<HTMLTableElement>(null);
  // After every render: rows come and go with the data, and the cells are the caller's markup.
  useLayoutEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? []) {
      [...row.cells].forEach((cell, index) => {
        cell.dataset.label = columns[index] ?? '';
      });
    }
  });
  return (
    <div class="table-wrap">
      <table ref={table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column || <span class="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A secret shown this once (a new API key, a new password): never stored, gone when dismissed. */
export function OneTimeSecret({
  heading,
  warning,
  secret,
  testId,
  actions,
}: {
  heading: string;
  warning: string;
  secret: string;
  testId?: string;
  actions: ComponentChildren;
}) {
  return (
    <div class="secret" role="alert">
      <p>
        <strong>{heading}</strong> {warning}
      </p>
      <code data-testid={testId}>{secret}</code>
      <div class="actions">{actions}</div>
    </div>
  );
}

/** Copies a secret to the clipboard, and says so. */
export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button type="button" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** A field for a one-time code (an authenticator app's, or a recovery code with `numeric` false). */
export function CodeField({
  label,
  value,
  onInput,
  numeric = true,
}: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  numeric?: boolean;
}) {
  return (
    <label>
      {label}
      <input
        type="text"
        autocomplete="one-time-code"
        inputMode={numeric ? 'numeric' : 'text'}
        required
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </label>
  );
}

export function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The four priorities as the options of a select. */
export function PriorityOptions() {
  return (
    <>
      {PRIORITIES.map((priority) => (
        <option key={priority} value={priority}>
          {priority}
        </option>
      ))}
    </>
  );
}

/**
 * A labelled input (`children`, whose id is `id`) with what the API said about it (`problem`) beside it:
 * outside the label, so it is not part of the input's name; the input points at it with `describedBy`.
 */
export function Control({
  id,
  label,
  problem,
  wide,
  children,
}: {
  id: string;
  label: string;
  problem?: string | null;
  /** Takes the room there is in its row. */
  wide?: boolean;
  children: ComponentChildren;
}) {
  return (
    <div class={wide ? 'control wide' : 'control'}>
      <label for={id}>{label}</label>
      {children}
      <Problem id={id} text={problem} />
    </div>
  );
}

/** What the API said about input `id` (see describedBy), or nothing. */
export function Problem({ id, text }: { id: string; text: string | null | undefined }) {
  return text ? (
    <span id={`${id}-problem`} class="problem error-text">
      {text}
    </span>
  ) : null;
}

/** The attributes of input `id` inside a Control: invalid with its problem, and any hints always shown. */
export function describedBy(
  id: string,
  problem: string | null | undefined,
  ...hintIds: string[]
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const ids = [...(problem ? [`${id}-problem`] : []), ...hintIds];
  return {
    ...(problem ? { 'aria-invalid': true as const } : {}),
    ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}
