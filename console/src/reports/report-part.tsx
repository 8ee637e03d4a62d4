import type { ComponentChildren } from 'preact';
import uPlot from 'uplot';
import { Chart, Legend, LegendItem, OptionsOf } from './chart';

/**
 * One part of the report: its title, a sentence saying what the chart shows, the chart (named by
 * both), and its table beside it (below it on a phone).
 */
export function ReportPart({
  id,
  title,
  summary,
  legend,
  options,
  data,
  children,
  wideTable = false,
}: {
  id: string;
  title: string;
  summary: string;
  legend?: LegendItem[];
  options: OptionsOf;
  data: uPlot.AlignedData;
  /** The table. */
  children: ComponentChildren;
  /** A table of many columns gets the larger share of the width. */
  wideTable?: boolean;
}) {
  return (
    <section class="report-part" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-summary`} class="report-summary">
        {summary}
      </p>
      <div class={`report-pair${wideTable ? ' wide-table' : ''}`}>
        <div class="report-figure">
          {legend && <Legend items={legend} />}
          <Chart options={options} data={data} labelledBy={`${id}-title ${id}-summary`} />
        </div>
        {children}
      </div>
    </section>
  );
}

/** A table row: its header (a date, a name) and its cells. */
export interface TableRow {
  key: string;
  header: string;
  cells: string[];
}

/** A column, or a group of columns under one heading ("First response": "Median", "90th percentile"). */
export type Column = string | { group: string; columns: string[] };

/** The heading of each cell's column, as a phone's card labels it ("First response median"). */
const cellLabels = (columns: Column[]) =>
  columns
    .slice(1)
    .flatMap((column) =>
      typeof column === 'string' ? [column] : column.columns.map((part) => `${column.group} ${part.toLowerCase()}`),
    );

/**
 * A chart's data as a table with a caption, column headers (grouped ones over a second row) and a
 * header per row. `cards`: on a phone each row becomes a card whose cells are labelled with their
 * column (a table of many columns). A long table scrolls within its box, which can then be focused and
 * scrolled by keyboard.
 */
export function ReportTable({
  caption,
  columns,
  rows,
  cards = false,
}: {
  caption: string;
  columns: Column[];
  rows: TableRow[];
  cards?: boolean;
}) {
  const long = rows.length > 14;
  const grouped = columns.some((column) => typeof column !== 'string');
  const labels = cellLabels(columns);
  return (
    <div
      class={`report-table${cards ? ' table-wrap' : ''}${long ? ' report-scroll' : ''}`}
      tabIndex={long ? 0 : undefined}
      role={long ? 'group' : undefined}
      aria-label={long ? `${caption} (scrolls)` : undefined}
    >
      <table>
        <caption>{caption}</caption>
        {grouped &&
          columns.map((column) => (
            <colgroup
              key={typeof column === 'string' ? column : column.group}
              span={typeof column === 'string' ? 1 : column.columns.length}
            />
          ))}
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th scope="col" key={column} rowSpan={grouped ? 2 : undefined}>
                  {column}
                </th>
              ) : (
                <th scope="colgroup" key={column.group} colSpan={column.columns.length} class="group">
                  {column.group}
                </th>
              ),
            )}
          </tr>
          {grouped && (
            <tr>
              {columns.flatMap((column) =>
                typeof column === 'string'
                  ? []
                  : column.columns.map((part) => (
                      <th scope="col" key={`${column.group} ${part}`}>
                        {part}
                      </th>
                    )),
              )}
            </tr>
          )}
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.header}</th>
              {row.cells.map((cell, index) => (
                <td key={labels[index]} data-label={labels[index]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
