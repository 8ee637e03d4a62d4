import type { components, operations } from '../api-schema';
import { navigate, Route } from '../router';

type Schemas = components['schemas'];

/** GET /staff/api/reports: the period by day or ISO week, by assignee, key and label, and the open work now. */
export type Report = Schemas['ReportView'];
export type ReportBucket = Schemas['ReportBucketView'];
/** What every row of a report says (a bucket, an assignee, a key or a label). */
export type Figures = Omit<Schemas['ReportBucketView'], 'start'>;
export type Interval = NonNullable<operations['ReportsController_report']['parameters']['query']['interval']>;

/** What the screen asks for, as the address holds it (the API's own names). */
export interface ReportParams {
  from: string;
  to: string;
  interval: Interval;
  api_key_id?: string;
  tag?: string;
  assignee_id?: string;
}

const DAY_MS = 86_400_000;
const FILTERS = ['api_key_id', 'tag', 'assignee_id'] as const;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC calendar day, as the report's days are. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The last 12 weeks: from the Monday eleven weeks before this week's, to today (UTC), so 12 whole weeks. */
export function defaultPeriod(now = Date.now()): { from: string; to: string } {
  const today = Date.parse(utcDay(now));
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  return { from: utcDay(monday - 11 * 7 * DAY_MS), to: utcDay(today) };
}

/** The report the address asks for; what it leaves out is the last 12 weeks by week, everything. */
export function reportParamsOf(route: Route): ReportParams {
  const given = (name: string) => route.params.get(name) || undefined;
  const day = (name: string) => {
    const value = given(name);
    return value && CALENDAR_DAY.test(value) ? value : undefined;
  };
  const period = defaultPeriod();
  const params: ReportParams = {
    from: day('from') ?? period.from,
    to: day('to') ?? period.to,
    interval: given('interval') === 'day' ? 'day' : 'week',
  };
  for (const name of FILTERS) {
    params[name] = given(name);
  }
  return params;
}

/** The API's query for `params` (a filter left out is everything). */
export function reportQuery(params: ReportParams): Record<string, string | undefined> {
  return { ...params };
}

/**
 * Moves to the report with `name` set to `value` (empty: back to its default), keeping what the address
 * already says; the period's days are written only once chosen, so a bare #/reports stays "the last 12 weeks".
 */
export function setReportParam(route: Route, name: keyof ReportParams, value: string): void {
  const kept: Record<string, string | undefined> = {};
  for (const [key, current] of route.params) {
    kept[key] = current;
  }
  kept[name] = name === 'interval' && value === 'week' ? undefined : value || undefined;
  navigate('/reports', kept);
}
