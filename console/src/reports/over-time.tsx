import { COUNTS, lineChart, minutesAxis, PERCENTS } from './chart-options';
import { bucketCount, bucketHeading, day, duration, percent } from './report-format';
import { ReportPart, ReportTable, TableRow } from './report-part';
import type { Figures, Report, ReportBucket } from './report-params';

const DASHED = [8, 4];
const DOTTED = [2, 4];

type Quantiles = Figures['first_response'];

/** "in the week of 2 Jun 2025" / "on 2 Jun 2025". */
const when = (bucket: ReportBucket, report: Report) =>
  `${report.interval === 'week' ? 'in the week of' : 'on'} ${day(bucket.start)}`;

function rows(report: Report, cells: (bucket: ReportBucket) => string[]): TableRow[] {
  return report.buckets.map((bucket) => ({ key: bucket.start, header: day(bucket.start), cells: cells(bucket) }));
}

function volumeSummary(report: Report): string {
  const sum = (pick: (bucket: ReportBucket) => number) => report.buckets.reduce((total, b) => total + pick(b), 0);
  const created = sum((bucket) => bucket.created);
  const busiest = report.buckets.reduce<ReportBucket | null>(
    (top, b) => (b.created > (top?.created ?? 0) ? b : top),
    null,
  );
  const span = bucketCount(report.buckets.length, report.interval);
  return (
    `${created} created, ${sum((bucket) => bucket.closed)} closed and ${sum((bucket) => bucket.spam)} spam in ${span}` +
    (busiest ? `; the most created, ${busiest.created}, ${when(busiest, report)}.` : '.')
  );
}

function timeSummary(report: Report, pick: (bucket: ReportBucket) => Quantiles, nothing: string): string {
  const span = bucketCount(report.buckets.length, report.interval);
  const measured = report.buckets.filter((bucket) => pick(bucket).median_minutes !== null);
  if (measured.length === 0) {
    return `${nothing} in these ${span}.`;
  }
  const medians = measured.map((bucket) => pick(bucket).median_minutes ?? 0);
  const longest = Math.max(...measured.map((bucket) => pick(bucket).p90_minutes ?? 0));
  const low = Math.min(...medians);
  const high = Math.max(...medians);
  const range = low === high ? duration(low) : `from ${duration(low)} to ${duration(high)}`;
  return `Measured in ${measured.length} of ${span}: the median ${range}, the 90th percentile at most ${duration(longest)}.`;
}

function slaSummary(report: Report): string {
  const span = bucketCount(report.buckets.length, report.interval);
  const measured = report.buckets.flatMap((bucket) => (bucket.sla_met_pct === null ? [] : [bucket.sla_met_pct]));
  if (measured.length === 0) {
    return `No submission under an SLA policy was closed in these ${span}.`;
  }
  const low = Math.min(...measured);
  const high = Math.max(...measured);
  const range = low === high ? percent(low) : `from ${percent(low)} to ${percent(high)}`;
  return `Measured in ${measured.length} of ${span}: ${range} of the submissions closed under an SLA policy kept it.`;
}

/** One part per quantile pair: the median and the 90th percentile over time. */
function TimePart({
  report,
  id,
  title,
  pick,
  nothing,
}: {
  report: Report;
  id: string;
  title: string;
  pick: (bucket: ReportBucket) => Quantiles;
  nothing: string;
}) {
  const labels = report.buckets.map((bucket) => day(bucket.start, true));
  const medians = report.buckets.map((bucket) => pick(bucket).median_minutes);
  const p90s = report.buckets.map((bucket) => pick(bucket).p90_minutes);
  return (
    <ReportPart
      id={id}
      title={title}
      summary={timeSummary(report, pick, nothing)}
      legend={[
        { label: 'Median', colour: 1, mark: 'solid' },
        { label: '90th percentile', colour: 2, mark: 'dashed' },
      ]}
      options={lineChart(
        labels,
        [
          { label: 'Median', values: medians },
          { label: '90th percentile', values: p90s, dash: DASHED },
        ],
        minutesAxis(duration),
      )}
      data={[labels.map((_label, index) => index), medians, p90s]}
    >
      <ReportTable
        caption={`${title} per ${report.interval}`}
        columns={[bucketHeading(report.interval), 'Median', '90th percentile']}
        rows={rows(report, (bucket) => [duration(pick(bucket).median_minutes), duration(pick(bucket).p90_minutes)])}
      />
    </ReportPart>
  );
}

/** The period over time: volume, first response, resolution and SLAs met, per day or week. */
export function OverTime({ report }: { report: Report }) {
  const labels = report.buckets.map((bucket) => day(bucket.start, true));
  const xs = labels.map((_label, index) => index);
  const created = report.buckets.map((bucket) => bucket.created);
  const closed = report.buckets.map((bucket) => bucket.closed);
  const spam = report.buckets.map((bucket) => bucket.spam);
  const sla = report.buckets.map((bucket) => bucket.sla_met_pct);
  const heading = bucketHeading(report.interval);
  return (
    <>
      <ReportPart
        id="volume"
        title="Volume"
        summary={volumeSummary(report)}
        legend={[
          { label: 'Created', colour: 1, mark: 'solid' },
          { label: 'Closed', colour: 2, mark: 'dashed' },
          { label: 'Spam', colour: 3, mark: 'dotted' },
        ]}
        options={lineChart(
          labels,
          [
            { label: 'Created', values: created },
            { label: 'Closed', values: closed, dash: DASHED },
            { label: 'Spam', values: spam, dash: DOTTED },
          ],
          COUNTS,
        )}
        data={[xs, created, closed, spam]}
      >
        <ReportTable
          caption={`Volume per ${report.interval}`}
          columns={[heading, 'Created', 'Closed', 'Spam']}
          rows={rows(report, (bucket) => [String(bucket.created), String(bucket.closed), String(bucket.spam)])}
        />
      </ReportPart>
      <TimePart
        report={report}
        id="first-response"
        title="First response"
        pick={(bucket) => bucket.first_response}
        nothing="No first reply"
      />
      <TimePart
        report={report}
        id="resolution"
        title="Resolution"
        pick={(bucket) => bucket.resolution}
        nothing="Nothing closed"
      />
      <ReportPart
        id="sla"
        title="SLA met"
        summary={slaSummary(report)}
        options={lineChart(labels, [{ label: 'SLA met', values: sla }], PERCENTS)}
        data={[xs, sla]}
      >
        <ReportTable
          caption={`SLA met per ${report.interval}`}
          columns={[heading, 'SLA met']}
          rows={rows(report, (bucket) => [percent(bucket.sla_met_pct)])}
        />
      </ReportPart>
    </>
  );
}
