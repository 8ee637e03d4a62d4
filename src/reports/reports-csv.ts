import { csvLine, UTF8_BOM } from '../submissions/staff-api/submissions-csv';
import { ReportFiguresView, ReportView } from './dto/report.views';

/** The CSV's columns: what a row is (`section`, and its bucket, assignee, key, label or status), then the figures. */
export const REPORT_CSV_COLUMNS = [
  'section',
  'start',
  'id',
  'name',
  'created',
  'closed',
  'spam',
  'first_response_median_minutes',
  'first_response_p90_minutes',
  'resolution_median_minutes',
  'resolution_p90_minutes',
  'sla_met_pct',
  'satisfaction_good',
  'satisfaction_not_good',
  'satisfaction_good_pct',
  'count',
] as const;

const text = (value: number | null) => (value === null ? '' : String(value));

function figures(row: ReportFiguresView): string[] {
  return [
    text(row.created),
    text(row.closed),
    text(row.spam),
    text(row.first_response.median_minutes),
    text(row.first_response.p90_minutes),
    text(row.resolution.median_minutes),
    text(row.resolution.p90_minutes),
    text(row.sla_met_pct),
    text(row.satisfaction.good),
    text(row.satisfaction.not_good),
    text(row.satisfaction.good_pct),
  ];
}

/**
 * A report as one RFC 4180 CSV (UTF-8 with a byte order mark, as the submissions export): one row per
 * bucket (`bucket`), assignee, API key and label, and with `field=` one per value (`field`, the value in
 * `name`), then the backlog (`backlog`, status in `name`, its
 * number in `count`). Names are cells like any other, so a name that looks like a formula is made text.
 */
export function reportCsv(report: ReportView): string {
  const lines = [UTF8_BOM + csvLine([...REPORT_CSV_COLUMNS])];
  for (const bucket of report.buckets) {
    lines.push(csvLine(['bucket', bucket.start, '', '', ...figures(bucket), '']));
  }
  for (const row of report.by_assignee) {
    lines.push(csvLine(['assignee', '', row.assignee?.id ?? '', row.assignee?.name ?? '', ...figures(row), '']));
  }
  for (const row of report.by_key) {
    lines.push(csvLine(['api_key', '', row.api_key.id, row.api_key.name, ...figures(row), '']));
  }
  for (const row of report.by_tag) {
    lines.push(csvLine(['tag', '', '', row.tag, ...figures(row), '']));
  }
  for (const row of report.by_field ?? []) {
    lines.push(csvLine(['field', '', '', row.value, ...figures(row), '']));
  }
  for (const [status, count] of Object.entries(report.backlog)) {
    lines.push(csvLine(['backlog', '', '', status, ...Array<string>(11).fill(''), String(count)]));
  }
  return lines.join('');
}
