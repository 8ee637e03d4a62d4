import type { ComponentChildren } from 'preact';
import { PRIORITIES } from './api';

/** A table that scrolls sideways on its own on a narrow screen; an empty header is read as "Actions". */
export function DataTable({ columns, children }: { columns: string[]; children: ComponentChildren }) {
  return (
    <div class="table-wrap">
      <table>
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
