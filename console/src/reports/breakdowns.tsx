import { barChart } from './chart-options';
import { duration, percent } from './report-format';
import { Column, ReportPart, ReportTable } from './report-part';
import type { Figures, Report } from './report-params';

/** The most rows a bar chart draws; its table has them all. */
const CHART_ROWS = 10;
const FIGURE_COLUMNS: Column[] = [
  'Created',
  'Closed',
  'Spam',
  { group: 'First response', columns: ['Median', '90th percentile'] },
  { group: 'Resolution', columns: ['Median', '90th percentile'] },
  'SLA met',
];

const figureCells = (row: Figures): string[] => [
  String(row.created),
  String(row.closed),
  String(row.spam),
  duration(row.first_response.median_minutes),
  duration(row.first_response.p90_minutes),
  duration(row.resolution.median_minutes),
  duration(row.resolution.p90_minutes),
  percent(row.sla_met_pct),
];

interface Named extends Figures {
  name: string;
}

/** "Grace: 3 created, 2 closed; Unassigned: 3 created, 1 closed; and 4 more." */
function breakdownSummary(rows: Named[]): string {
  const shown = rows.slice(0, 5).map((row) => `${row.name}: ${row.created} created, ${row.closed} closed`);
  const more = rows.length > shown.length ? `; and ${rows.length - shown.length} more` : '';
  const cut = rows.length > CHART_ROWS ? ` The chart shows the ${CHART_ROWS} busiest, the table all.` : '';
  return `Busiest first. ${shown.join('; ')}${more}.${cut}`;
}

/** The period by one dimension (agent, tag): created and closed as bars, every figure in the table. */
function Breakdown({ id, title, column, rows }: { id: string; title: string; column: string; rows: Named[] }) {
  if (rows.length === 0) {
    return (
      <section class="report-part" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{title}</h2>
        <p class="report-summary">Nothing arrived or was closed in this period.</p>
      </section>
    );
  }
  const charted = rows.slice(0, CHART_ROWS);
  const names = charted.map((row) => row.name);
  const created = charted.map((row) => row.created);
  const closed = charted.map((row) => row.closed);
  return (
    <ReportPart
      id={id}
      title={title}
      summary={breakdownSummary(rows)}
      legend={[
        { label: 'Created', colour: 1, mark: 'bar' },
        { label: 'Closed', colour: 2, mark: 'hatched' },
      ]}
      options={barChart(names, [
        { label: 'Created', values: created },
        { label: 'Closed', values: closed },
      ])}
      data={[names.map((_name, index) => index), created, closed]}
      wideTable
    >
      <ReportTable
        caption={title}
        columns={[column, ...FIGURE_COLUMNS]}
        rows={rows.map((row, index) => ({ key: `${index}:${row.name}`, header: row.name, cells: figureCells(row) }))}
        cards
      />
    </ReportPart>
  );
}

const BACKLOG = [
  ['new', 'New'],
  ['open', 'Open'],
  ['pending', 'Pending'],
] as const;

/** The open work now (whatever the period), by agent and by tag. */
export function Breakdowns({ report }: { report: Report }) {
  const counts = BACKLOG.map(([status]) => report.backlog[status]);
  const names = BACKLOG.map(([, label]) => label);
  return (
    <>
      <ReportPart
        id="backlog"
        title="Backlog now"
        summary={`Open work now, whatever the period: ${BACKLOG.map(([status, label]) => `${report.backlog[status]} ${label.toLowerCase()}`).join(', ')}.`}
        options={barChart(names, [{ label: 'Submissions', values: counts }])}
        data={[names.map((_name, index) => index), counts]}
      >
        <ReportTable
          caption="Backlog now"
          columns={['Status', 'Submissions']}
          rows={BACKLOG.map(([status, label]) => ({
            key: status,
            header: label,
            cells: [String(report.backlog[status])],
          }))}
        />
      </ReportPart>
      <Breakdown
        id="by-agent"
        title="By agent"
        column="Agent"
        rows={report.by_assignee.map((row) => ({
          ...row,
          name: row.assignee ? row.assignee.name || 'A removed account' : 'Unassigned',
        }))}
      />
      <Breakdown
        id="by-tag"
        title="By tag"
        column="Tag"
        rows={report.by_tag.map((row) => ({ ...row, name: row.tag }))}
      />
    </>
  );
}
