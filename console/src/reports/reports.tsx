import type { Me, Ref } from '../api';
import { ErrorLine } from '../parts';
import { Route } from '../router';
import { useAction } from '../use-action';
import { Breakdowns } from './breakdowns';
import { OverTime } from './over-time';
import { day } from './report-format';
import { ReportFilters } from './report-filters';
import { reportParamsOf } from './report-params';
import { downloadCsv, useReport } from './use-report';
import './reports.css';

/**
 * Reports (every staff member): the period's volume, first response, resolution and SLAs met over
 * time, the open work now, and the period by agent and by tag; each chart with its table, and the same
 * as a CSV file. The figures are the API's (GET /staff/api/reports); the page only draws them.
 */
export function Reports({ route, me, keys }: { route: Route; me: Me; keys: Ref[] }) {
  const params = reportParamsOf(route);
  const { report, error, loading, staff } = useReport(params);
  const download = useAction((caught) => `The CSV could not be downloaded: ${(caught as Error).message}`);
  const tags = report?.by_tag.map((row) => row.tag) ?? [];

  return (
    <main class="page reports" aria-labelledby="reports-title" aria-busy={loading}>
      <h1 id="reports-title">Reports</h1>
      <ReportFilters
        route={route}
        params={params}
        keys={me.role === 'admin' ? keys : null}
        staff={staff}
        tags={params.tag ? [] : tags}
        downloading={download.busy}
        onDownload={() => void download.run(() => downloadCsv(params))}
      />
      <ErrorLine error={error ?? download.error} />
      <p class="muted report-period" role="status">
        {loading
          ? 'Loading…'
          : report
            ? `${day(report.from)} to ${day(report.to)} (UTC days), by ${report.interval}. Times are business time: ` +
              'the hours of each submission’s SLA policy, or every hour when none applied.'
            : ''}
      </p>
      {report && (
        <div class="report-parts">
          <OverTime report={report} />
          <Breakdowns report={report} />
        </div>
      )}
    </main>
  );
}
