import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEPLOY = join(__dirname, '..', '..', 'deploy');

interface Panel {
  type: string;
  title: string;
  description?: string;
  targets?: { expr: string }[];
}

/** The Grafana dashboard's panels (rows included), as committed. */
export function dashboardPanels(): Panel[] {
  return (JSON.parse(readFileSync(join(DEPLOY, 'grafana', 'contact-intake.json'), 'utf8')) as { panels: Panel[] })
    .panels;
}

/** Every PromQL expression of the dashboard's panels. */
export function dashboardExpressions(): string[] {
  return dashboardPanels().flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
}

/**
 * Whether `expr` reads the metric family `family`: its name, or a histogram's or summary's series
 * (`_bucket`, `_count`, `_sum`), as a whole word.
 */
export function reads(expr: string, family: string): boolean {
  return new RegExp(`(^|[^a-zA-Z0-9_:])${family}(_bucket|_count|_sum)?([^a-zA-Z0-9_:]|$)`).test(expr);
}

/** The metric families of a Prometheus text exposition (`# TYPE name kind` lines). */
export function familiesOf(exposition: string): string[] {
  return [...exposition.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]);
}

/** Node's process metrics (prom-client's defaults): not the service's own families. */
export const isProcessDefault = (family: string): boolean => /^(process|nodejs)_/.test(family);
