import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { MetricsService } from '../src/metrics/metrics.service';
import { dashboardExpressions, dashboardPanels, DEPLOY, isProcessDefault, reads } from './support/monitoring';

const RULES = join(DEPLOY, 'prometheus');

interface AlertRule {
  alert: string;
  expr: string;
  annotations?: Record<string, string>;
}

const rules = (parse(readFileSync(join(RULES, 'alerts.yml'), 'utf8')) as { groups: { rules: AlertRule[] }[] }).groups
  .flatMap((group) => group.rules)
  .filter((rule) => rule.alert);

/** Debian's `prometheus` package puts promtool on the PATH (`.ci/run` installs it when missing). */
function promtool(...args: string[]): string {
  try {
    return execFileSync('promtool', args, { cwd: RULES, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const failure = error as { code?: string; stdout?: string; stderr?: string };
    throw new Error(
      failure.code === 'ENOENT'
        ? 'promtool is not installed: apt-get install prometheus'
        : `promtool ${args.join(' ')} failed:\n${failure.stdout ?? ''}${failure.stderr ?? ''}`,
      { cause: error },
    );
  }
}

/** The service's own metric families (the metrics room's registry, without Node's process metrics). */
const families = new MetricsService().registry
  .getMetricsAsArray()
  .map((metric) => metric.name)
  .filter((family) => !isProcessDefault(family));

/**
 * The metric names an expression reads that are neither the service's families (with a histogram's
 * `_bucket`, `_count` and `_sum`), nor Node's process metrics, nor `up`: label matchers, grouping
 * clauses, strings, ranges and function names are taken out first, so what is left are selectors.
 */
function unknownMetrics(expr: string): string[] {
  const selectors = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\boffset\s+\d+[smhdwy]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\b[a-zA-Z_][a-zA-Z0-9_]*\s*\(/g, '(')
    .replace(/\b(and|or|unless|offset|bool)\b/g, ' ');
  const names = selectors.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return names.filter(
    (name) =>
      name !== 'up' &&
      !isProcessDefault(name) &&
      !families.some((family) => new RegExp(`^${family}(_bucket|_count|_sum)?$`).test(name)),
  );
}

describe('deploy/: the Grafana dashboard and the Prometheus alerts', () => {
  it('passes `promtool check rules`', () => {
    expect(promtool('check', 'rules', 'alerts.yml')).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it('passes `promtool test rules`: each alert fires when it should and stays quiet when it should', () => {
    expect(promtool('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
    const cases = (
      parse(readFileSync(join(RULES, 'alerts.test.yml'), 'utf8')) as {
        tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
      }
    ).tests.flatMap((test) => test.alert_rule_test);
    for (const { alert } of rules) {
      const own = cases.filter((testCase) => testCase.alertname === alert);
      expect([alert, own.some((c) => c.exp_alerts.length > 0), own.some((c) => c.exp_alerts.length === 0)]).toEqual([
        alert,
        true,
        true,
      ]);
    }
  });

  it('gives every alert a summary and a runbook, and reads only metrics the service exports', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'ContactIntakeProcessDown',
        'ContactIntakeNotReady',
        'ContactIntakeHighErrorRate',
        'ContactIntakeQueueBacklogGrowing',
        'ContactIntakeJobsFailing',
      ]),
    );
    for (const rule of rules) {
      expect([rule.alert, Boolean(rule.annotations?.summary), (rule.annotations?.runbook ?? '').length > 80]).toEqual([
        rule.alert,
        true,
        true,
      ]);
      expect([rule.alert, unknownMetrics(rule.expr)]).toEqual([rule.alert, []]);
    }
  });

  it('shows every metric family of the service on the dashboard, each panel described and reading known metrics', () => {
    const expressions = dashboardExpressions();
    expect(families.filter((family) => !expressions.some((expr) => reads(expr, family)))).toEqual([]);
    for (const panel of dashboardPanels().filter((candidate) => candidate.type !== 'row')) {
      expect([panel.title, Boolean(panel.description), (panel.targets ?? []).length > 0]).toEqual([
        panel.title,
        true,
        true,
      ]);
      for (const { expr } of panel.targets ?? []) {
        expect([panel.title, unknownMetrics(expr)]).toEqual([panel.title, []]);
      }
    }
  });
});
