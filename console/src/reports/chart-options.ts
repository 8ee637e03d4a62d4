import uPlot from 'uplot';
import type { OptionsOf, Palette } from './chart';

const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** Steps between ticks: whole buckets on the time axis, whole submissions on a count axis. */
const INDEX_STEPS = [1, 2, 3, 4, 6, 7, 13, 14, 26, 30, 52, 91, 182];
const COUNT_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];
/** Minutes: round durations, so a tick reads "30 min", "2 h", "1 d". */
const MINUTE_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 480, 720, 1440, 2880, 4320, 7200, 10_080, 20_160];
const PERCENT_STEPS = [10, 20, 25, 50];

/** What the value axis measures: how its ticks step, read, and how far it reaches. */
export interface ValueAxis {
  steps: number[];
  format: (value: number) => string;
  /** The axis' width (a vertical axis) in pixels. */
  size: number;
  /** The top of the scale for the largest value (the scale starts at 0). */
  top: (max: number) => number;
}

export const COUNTS: ValueAxis = {
  steps: COUNT_STEPS,
  format: String,
  size: 44,
  top: (max) => Math.max(4, Math.ceil(max * 1.15)),
};
export const PERCENTS: ValueAxis = { steps: PERCENT_STEPS, format: (value) => `${value}%`, size: 48, top: () => 100 };
export const minutesAxis = (format: (value: number) => string): ValueAxis => ({
  steps: MINUTE_STEPS,
  format,
  size: 64,
  top: (max) => Math.max(60, max * 1.15),
});

function axis(palette: Palette, settings: uPlot.Axis): uPlot.Axis {
  return {
    stroke: palette.text,
    font: FONT,
    grid: { stroke: palette.grid, width: 1 },
    ticks: { stroke: palette.grid, width: 1, size: 4 },
    ...settings,
  };
}

/** No hover legend, cursor or zoom: the chart is a picture, its table beside it holds the values. */
const STILL: Partial<uPlot.Options> = {
  legend: { show: false },
  cursor: { show: false, drag: { x: false, y: false } },
  select: { show: false, left: 0, top: 0, width: 0, height: 0 },
};

/** The largest value of `series`, nulls aside (0 when none). */
const largest = (series: (number | null)[][]) =>
  Math.max(0, ...series.flat().filter((value): value is number => value !== null));

export interface LineSeries {
  label: string;
  values: (number | null)[];
  /** Dashes on a line tell the series apart without colour (the legend shows the same). */
  dash?: number[];
}

/** Beyond this many buckets a line is drawn without its points (but those standing alone). */
const MANY_POINTS = 31;

/** The values with no neighbour: a line cannot show them, a point must. */
function isolated(values: (number | null)[]): number[] {
  return values.flatMap((value, index) =>
    value !== null && (values[index - 1] ?? null) === null && (values[index + 1] ?? null) === null ? [index] : [],
  );
}

/** Lines over the buckets: x is a bucket's index, read as `labels` (its date); nothing measured is a gap. */
export function lineChart(labels: string[], series: LineSeries[], values: ValueAxis): OptionsOf {
  const top = values.top(largest(series.map((line) => line.values)));
  return (width, palette) => ({
    ...STILL,
    width,
    height: 220,
    scales: {
      x: { time: false, range: [-0.5, labels.length - 0.5] },
      y: { range: [0, top] },
    },
    axes: [
      axis(palette, {
        incrs: INDEX_STEPS,
        space: 56,
        values: (_chart, splits) => splits.map((index) => labels[index] ?? ''),
      }),
      axis(palette, { incrs: values.steps, size: values.size, values: (_chart, splits) => splits.map(values.format) }),
    ],
    series: [
      {},
      ...series.map((line, index) => ({
        label: line.label,
        stroke: palette.series[index],
        width: 2,
        dash: line.dash,
        spanGaps: false,
        points: {
          show: true,
          filter: labels.length > MANY_POINTS ? isolated(line.values) : null,
          size: 6,
          width: 2,
          stroke: palette.series[index],
          fill: palette.series[index],
        },
      })),
    ],
  });
}

/** A diagonal hatch of `colour`: the second series of a bar chart, told apart by more than its colour. */
function hatch(colour: string): CanvasPattern | string {
  const ratio = window.devicePixelRatio || 1;
  const size = Math.round(6 * ratio);
  const tile = document.createElement('canvas');
  tile.width = tile.height = size;
  const context = tile.getContext('2d');
  if (!context) {
    return colour;
  }
  context.strokeStyle = colour;
  context.lineWidth = 1.5 * ratio;
  context.beginPath();
  context.moveTo(0, size);
  context.lineTo(size, 0);
  context.moveTo(-size / 2, size / 2);
  context.lineTo(size / 2, -size / 2);
  context.moveTo(size / 2, size * 1.5);
  context.lineTo(size * 1.5, size / 2);
  context.stroke();
  return context.createPattern(tile, 'repeat') ?? colour;
}

export interface BarSeries {
  label: string;
  values: number[];
}

/** A name cut to fit beside its bar (the table has it whole). */
const cut = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);

/**
 * Horizontal bars, one row per name (busiest first, top down), one bar per series in it (the first
 * solid, the second hatched), each with its number at its end.
 */
export function barChart(names: string[], series: BarSeries[]): OptionsOf {
  const top = COUNTS.top(largest(series.map((bars) => bars.values)));
  const rowHeight = series.length > 1 ? 40 : 30;
  const nameWidth = Math.min(150, 16 + 7 * Math.max(4, ...names.map((name) => cut(name).length)));
  return (width, palette) => {
    // Where each bar was drawn (canvas pixels), for its number.
    const drawn: { series: number; index: number; left: number; top: number; width: number; height: number }[] = [];
    return {
      ...STILL,
      width,
      height: names.length * rowHeight + 40,
      scales: {
        x: { time: false, ori: 1, dir: -1, range: [-0.5, names.length - 0.5] },
        y: { ori: 0, range: [0, top] },
      },
      axes: [
        axis(palette, {
          side: 3,
          size: nameWidth,
          // Every row is named, however short (uPlot's default leaves 50 px between ticks).
          space: 10,
          incrs: [1],
          grid: { show: false },
          values: (_chart, splits) => splits.map((index) => (Number.isInteger(index) ? cut(names[index] ?? '') : '')),
        }),
        axis(palette, { side: 2, incrs: COUNT_STEPS, values: (_chart, splits) => splits.map(String) }),
      ],
      series: [
        {},
        ...series.map((bars, index) => ({
          label: bars.label,
          stroke: palette.series[index],
          fill: index === 0 ? palette.series[index] : hatch(palette.series[index]),
          width: 1,
          points: { show: false },
          paths: uPlot.paths.bars!({
            size: [series.length > 1 ? 0.4 : 0.6, 24],
            align: series.length > 1 ? (index === 0 ? -1 : 1) : 0,
            each: (_chart, seriesIndex, dataIndex, left, barTop, barWidth, barHeight) => {
              drawn.push({
                series: seriesIndex,
                index: dataIndex,
                left,
                top: barTop,
                width: barWidth,
                height: barHeight,
              });
            },
          }),
        })),
      ],
      hooks: {
        drawClear: [() => void drawn.splice(0)],
        draw: [
          (chart) => {
            const context = chart.ctx;
            const ratio = window.devicePixelRatio || 1;
            context.save();
            context.font = FONT.replace('12px', `${Math.round(12 * ratio)}px`);
            context.fillStyle = palette.text;
            context.textBaseline = 'middle';
            for (const bar of drawn) {
              const value = series[bar.series - 1]?.values[bar.index];
              if (value !== undefined) {
                context.fillText(String(value), bar.left + bar.width + 4 * ratio, bar.top + bar.height / 2);
              }
            }
            context.restore();
          },
        ],
      },
    };
  };
}
