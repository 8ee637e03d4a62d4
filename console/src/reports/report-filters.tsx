import { useEffect, useState } from 'preact/hooks';
import type { Ref } from '../api';
import { Route } from '../router';
import { defaultPeriod, ReportParams, setReportParam } from './report-params';

/**
 * The period, its interval and the filters, kept in the address (#/reports?from=…&interval=day&tag=…),
 * with the CSV download of what is shown. `keys`: the API keys an admin may filter by (an agent gets
 * no key filter: the list of keys is for admins).
 */
export function ReportFilters({
  route,
  params,
  keys,
  staff,
  tags,
  downloading,
  onDownload,
}: {
  route: Route;
  params: ReportParams;
  keys: Ref[] | null;
  staff: Ref[];
  tags: string[];
  downloading: boolean;
  onDownload: () => void;
}) {
  const [tag, setTag] = useState(params.tag ?? '');
  useEffect(() => setTag(params.tag ?? ''), [params.tag]);
  const set = (name: keyof ReportParams, value: string) => setReportParam(route, name, value);
  const period = defaultPeriod();
  const customised = [...route.params.keys()].length > 0;

  return (
    <form
      class="inline-form report-filters"
      aria-label="Period and filters"
      onSubmit={(event) => {
        event.preventDefault();
        set('tag', tag.trim());
      }}
    >
      <label>
        From
        <input type="date" required value={params.from} onChange={(e) => set('from', e.currentTarget.value)} />
      </label>
      <label>
        To
        <input type="date" required value={params.to} onChange={(e) => set('to', e.currentTarget.value)} />
      </label>
      <label>
        Interval
        <select value={params.interval} onChange={(e) => set('interval', e.currentTarget.value)}>
          <option value="week">By week</option>
          <option value="day">By day</option>
        </select>
      </label>
      <label>
        Agent
        <select value={params.assignee_id ?? ''} onChange={(e) => set('assignee_id', e.currentTarget.value)}>
          <option value="">anyone</option>
          <option value="none">unassigned</option>
          {staff.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </select>
      </label>
      {keys && (
        <label>
          API key
          <select value={params.api_key_id ?? ''} onChange={(e) => set('api_key_id', e.currentTarget.value)}>
            <option value="">any</option>
            {keys.map((key) => (
              <option key={key.id} value={key.id}>
                {key.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Tag
        <input
          list="report-tags"
          maxLength={40}
          value={tag}
          onInput={(e) => setTag(e.currentTarget.value)}
          onChange={(e) => set('tag', e.currentTarget.value.trim())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Several fields and no submit button: Enter in a form like this submits nothing by itself.
              e.preventDefault();
              set('tag', e.currentTarget.value.trim());
            }
          }}
        />
      </label>
      <datalist id="report-tags">
        {tags.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div class="report-actions">
        <button type="button" class="primary" disabled={downloading} onClick={onDownload}>
          Download CSV
        </button>
        {customised && (
          <a class="button" href="#/reports" title={`${period.from} to ${period.to}, by week, no filter`}>
            Last 12 weeks
          </a>
        )}
      </div>
    </form>
  );
}
