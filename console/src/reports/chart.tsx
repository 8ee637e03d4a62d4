import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The page's chart colours (reports.css, light or dark): one per series, then the grid and the text. */
export interface Palette {
  series: string[];
  grid: string;
  text: string;
}

/** uPlot's options for a chart `width` pixels wide in `palette`'s colours. */
export type OptionsOf = (width: number, palette: Palette) => uPlot.Options;

function paletteOf(element: HTMLElement): Palette {
  const style = getComputedStyle(element);
  const colour = (name: string) => style.getPropertyValue(name).trim();
  return {
    series: [colour('--chart-1'), colour('--chart-2'), colour('--chart-3')],
    grid: colour('--chart-grid'),
    text: colour('--chart-text'),
  };
}

const DARK = '(prefers-color-scheme: dark)';

/** Whether the page is dark now; a canvas keeps the colours it was drawn with, so a change redraws. */
function useDark(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia(DARK).matches);
  useEffect(() => {
    const query = window.matchMedia(DARK);
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return dark;
}

/**
 * A uPlot chart as one image: `role="img"` named by `labelledBy` (the part's title and its summary, so
 * what the picture says is read out; the table beside it has every value). Drawn again when its data,
 * its width or the colour scheme changes.
 */
export function Chart({
  options,
  data,
  labelledBy,
}: {
  options: OptionsOf;
  data: uPlot.AlignedData;
  labelledBy: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(options);
  latest.current = options;
  const dark = useDark();
  // By content: the caller builds new arrays on every render, and a chart only changes with its figures.
  const signature = JSON.stringify(data);

  useEffect(() => {
    const element = host.current;
    if (!element) {
      return;
    }
    let chart: uPlot | null = null;
    let drawnWidth = 0;
    const draw = () => {
      const width = element.clientWidth;
      if (width === 0 || width === drawnWidth) {
        return;
      }
      drawnWidth = width;
      chart?.destroy();
      chart = new uPlot(latest.current(width, paletteOf(element)), data, element);
    };
    draw();
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(draw);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      chart?.destroy();
    };
  }, [signature, dark]);

  return <div ref={host} class="chart" role="img" aria-labelledby={labelledBy} />;
}

/** A legend entry: a series' name with its line or bar style, so no series is told by its colour alone. */
export interface LegendItem {
  label: string;
  /** The series' place in the palette (1-3). */
  colour: 1 | 2 | 3;
  mark: 'solid' | 'dashed' | 'dotted' | 'bar' | 'hatched';
}

export function Legend({ items }: { items: LegendItem[] }) {
  return (
    <ul class="chart-legend" aria-label="Legend">
      {items.map((item) => (
        <li key={item.label}>
          <span class={`swatch swatch-${item.mark} colour-${item.colour}`} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
