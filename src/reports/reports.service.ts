import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { Clock } from '../clock/clock';
import { ApiException } from '../http/api-exception';
import { SatisfactionSurveysRepository } from '../ratings/satisfaction-surveys.repository';
import { StaffAccountsRepository } from '../staff-accounts/staff-accounts.repository';
import { tagKey } from '../submissions/lifecycle/submission-tags';
import { ReportInterval, ReportQuery } from './dto/report.query';
import { ReportFiguresView, ReportView } from './dto/report.views';
import { quantilesOf } from './quantiles';
import { ReportBacklog } from './report-backlog';
import { ReportDaysBuilder } from './report-days.builder';
import { ANY, DayFigures, nextDay, ReportDaysRepository, ReportScope, tagGrainOf } from './report-days.repository';
import { ReportFields } from './report-fields.service';

const DAY_MS = 86_400_000;
/** The longest period a report covers, and by day. */
export const MAX_REPORT_DAYS = 1100;
export const MAX_DAILY_REPORT_DAYS = 366;
export const REPORT_STARTS_AFTER_TODAY = 'Invalid field: from (after today, UTC)';

/** Figures summed over days: counts added, minutes gathered. */
interface Sum {
  created: number;
  spam: number;
  closed: number;
  slaClosed: number;
  slaMet: number;
  /** The days' minutes as they came (references, not copies), gathered into one array when measured. */
  firstResponse: ArrayLike<number>[];
  resolution: ArrayLike<number>[];
  good: number;
  notGood: number;
}

const emptySum = (): Sum => ({
  created: 0,
  spam: 0,
  closed: 0,
  slaClosed: 0,
  slaMet: 0,
  firstResponse: [],
  resolution: [],
  good: 0,
  notGood: 0,
});

/** Whether a row's key and assignee are those `scope` asks for (either left open matches any). */
function keyAndAssigneeIn(scope: ReportScope, row: { apiKeyId: string; assigneeId: string }): boolean {
  return (
    (scope.apiKeyId === undefined || row.apiKeyId === scope.apiKeyId) &&
    (scope.assigneeId === undefined || row.assigneeId === scope.assigneeId)
  );
}

/** What a row of figures holds, whatever it is by (a day's grain, a custom field's value). */
type Figures = Omit<DayFigures, 'day' | 'tagKey' | 'apiKeyId' | 'assigneeId'>;

function add(sum: Sum, figures: Figures): void {
  sum.created += figures.created;
  sum.spam += figures.spam;
  sum.closed += figures.closed;
  sum.slaClosed += figures.slaClosed;
  sum.slaMet += figures.slaMet;
  sum.good += figures.good ?? 0;
  sum.notGood += figures.notGood ?? 0;
  sum.firstResponse.push(figures.firstResponse);
  sum.resolution.push(figures.resolution);
}

/** The median and p90 of every value of `chunks`, gathered once into an array the selection may reorder. */
function quantilesOfChunks(chunks: ArrayLike<number>[]): ReturnType<typeof quantilesOf> {
  const all = new Uint32Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return quantilesOf(all, { inPlace: true });
}

function viewOf(sum: Sum): ReportFiguresView {
  return {
    created: sum.created,
    closed: sum.closed,
    spam: sum.spam,
    first_response: quantilesOfChunks(sum.firstResponse),
    resolution: quantilesOfChunks(sum.resolution),
    sla_met_pct: sum.slaClosed === 0 ? null : Math.round((1000 * sum.slaMet) / sum.slaClosed) / 10,
    satisfaction: {
      good: sum.good,
      not_good: sum.notGood,
      good_pct: sum.good + sum.notGood === 0 ? null : Math.round((1000 * sum.good) / (sum.good + sum.notGood)) / 10,
    },
  };
}

/** Sums `rows` by the key each gives, in first-seen order. */
function groupBy<Row extends Figures>(rows: Row[], keyOf: (row: Row) => string): Map<string, Sum> {
  const groups = new Map<string, Sum>();
  for (const row of rows) {
    const key = keyOf(row);
    let sum = groups.get(key);
    if (!sum) {
      sum = emptySum();
      groups.set(key, sum);
    }
    add(sum, row);
  }
  return groups;
}

/** The bucket a day falls in: itself, or the Monday of its ISO week. */
function bucketOf(day: string, interval: ReportInterval): string {
  if (interval === 'day') {
    return day;
  }
  const date = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(date).getUTCDay() + 6) % 7;
  return new Date(date - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Reports: what arrived, what was closed, how fast the first replies and resolutions came (median and
 * 90th percentile in business minutes), how often SLAs were kept, how satisfied requesters said they
 * were (read from the surveys as they are), per day or week, by assignee, API key
 * and label, and the open work now. Past days are read from their built figures (ReportDaysBuilder),
 * which are exact: built from the rows, and not used once a submission of that day changes until they
 * are built again; today, and any day not (or no longer) built, is computed from the rows.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly days: ReportDaysRepository,
    private readonly builder: ReportDaysBuilder,
    private readonly backlog: ReportBacklog,
    private readonly keys: ApiKeysRepository,
    private readonly accounts: StaffAccountsRepository,
    private readonly clock: Clock,
    private readonly ratings: SatisfactionSurveysRepository,
    private readonly fields: ReportFields,
  ) {}

  async report(query: ReportQuery): Promise<ReportView> {
    const interval = query.interval ?? 'week';
    if (query.to < query.from) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: to');
    }
    // Days to come hold nothing yet, but as days not built they were computed from the rows at every
    // request (issue 53): a period ending after today ends today, and the answer's `to` says so. The
    // length is that of the period so ended: a year from last month to 2099 is a year's report.
    const today = this.clock.now().toISOString().slice(0, 10);
    if (query.from > today) {
      throw new ApiException(HttpStatus.BAD_REQUEST, REPORT_STARTS_AFTER_TODAY);
    }
    const to = query.to > today ? today : query.to;
    const span = (Date.parse(to) - Date.parse(query.from)) / DAY_MS + 1;
    if (span > (interval === 'day' ? MAX_DAILY_REPORT_DAYS : MAX_REPORT_DAYS)) {
      throw new ApiException(HttpStatus.BAD_REQUEST, 'Invalid field: to');
    }
    const scope: ReportScope = {
      apiKeyId: query.api_key_id,
      tagKey: query.tag === undefined ? undefined : tagKey(query.tag),
      assigneeId:
        query.assignee_id === undefined
          ? undefined
          : query.assignee_id === 'none'
            ? ''
            : query.assignee_id.toLowerCase(),
    };
    // Checked before any figure is read (or any day built).
    const fieldScope = query.field === undefined ? undefined : await this.fields.scopeOf(query.field, scope);
    const allDays: string[] = [];
    for (let day = query.from; day <= to; day = nextDay(day)) {
      allDays.push(day);
    }
    // The open work now, and the figures by field, are counted while the figures are read.
    const backlogCount = this.backlog.of(scope);
    const byFieldFigures = fieldScope && this.fields.figures({ from: query.from, to: nextDay(to) }, fieldScope);
    const { main, tagged } = await this.figures(allDays, scope);

    const buckets = groupBy(main, (row) => bucketOf(row.day, interval));
    const starts = [...new Set(allDays.map((day) => bucketOf(day, interval)))];
    const byAssignee = groupBy(main, (row) => row.assigneeId);
    const byKey = groupBy(main, (row) => row.apiKeyId);
    const byTag = groupBy(tagged, (row) => row.tagKey);
    const [accounts, keys, backlog, byField] = await Promise.all([
      this.accounts.findByIds([...byAssignee.keys()].filter(Boolean)),
      this.keys.list(),
      backlogCount,
      byFieldFigures,
    ]);
    const accountNames = new Map(accounts.map((account) => [account.id, account.name]));
    const keyNames = new Map(keys.map((key) => [key.id, key.name]));
    const busiest = <T>(groups: Map<string, Sum>, make: (key: string, sum: Sum) => T) =>
      [...groups.entries()]
        .sort(([, a], [, b]) => b.created + b.closed - (a.created + a.closed))
        .map(([key, sum]) => make(key, sum));
    return {
      from: query.from,
      to,
      interval,
      buckets: starts.map((start) => ({ start, ...viewOf(buckets.get(start) ?? emptySum()) })),
      by_assignee: busiest(byAssignee, (id, sum) => ({
        assignee: id === '' ? null : { id, name: accountNames.get(id) ?? '' },
        ...viewOf(sum),
      })),
      by_key: busiest(byKey, (id, sum) => ({ api_key: { id, name: keyNames.get(id) ?? '' }, ...viewOf(sum) })),
      by_tag: busiest(byTag, (tag, sum) => ({ tag, ...viewOf(sum) })),
      ...(byField && {
        by_field: busiest(
          groupBy(byField, (row) => row.value),
          (value, sum) => ({ value, ...viewOf(sum) }),
        ),
      }),
      backlog: { new: backlog.new, open: backlog.open, pending: backlog.pending },
    };
  }

  /** The satisfaction answers of the period, as figures of their own (counts of answers only). */
  private async ratingsOf(days: string[], scope: ReportScope): Promise<{ main: DayFigures[]; tagged: DayFigures[] }> {
    const range = {
      from: new Date(`${days[0]}T00:00:00Z`),
      to: new Date(`${nextDay(days[days.length - 1])}T00:00:00Z`),
    };
    const asFigures = (row: {
      day: string;
      apiKeyId: string;
      assigneeId: string;
      tagKey: string;
      good: number;
      notGood: number;
    }) => ({
      day: row.day,
      tagKey: row.tagKey,
      apiKeyId: row.apiKeyId,
      assigneeId: row.assigneeId,
      created: 0,
      spam: 0,
      closed: 0,
      slaClosed: 0,
      slaMet: 0,
      firstResponse: [],
      resolution: [],
      good: row.good,
      notGood: row.notGood,
    });
    const inScope = (row: { apiKeyId: string; assigneeId: string }) => keyAndAssigneeIn(scope, row);
    const [answers, byTag] = await Promise.all([
      this.ratings.ratedCounts(range, { byTag: false, tagKey: scope.tagKey }),
      scope.tagKey === undefined ? this.ratings.ratedCounts(range, { byTag: true }) : Promise.resolve([]),
    ]);
    // Told at the grain by_tag reads (see tagGrainOf), as the label rows are.
    const grain = tagGrainOf(scope);
    return {
      main: answers.filter(inScope).map(asFigures),
      tagged: byTag.filter(inScope).map((row) => asFigures({ ...row, ...grain })),
    };
  }

  /**
   * The figures of `days` in `scope`: `main` for the scope (all labels, or the one asked), `tagged`
   * per label. Built days are read; the others are computed from the rows (and past ones built, so the
   * next report reads them).
   */
  private async figures(days: string[], scope: ReportScope): Promise<{ main: DayFigures[]; tagged: DayFigures[] }> {
    // Asked at once: the answers beside the marks, then the built days beside those computed now.
    const [current, ratings] = await Promise.all([
      this.days.currentDays(days[0], days[days.length - 1]),
      this.ratingsOf(days, scope),
    ]);
    const built = days.filter((day) => current.has(day));
    const unbuilt = days.filter((day) => !current.has(day));
    const [main, tagged, computed] = await Promise.all([
      this.days.builtFigures(built, scope, false),
      scope.tagKey === undefined ? this.days.builtFigures(built, scope, true) : Promise.resolve([]),
      unbuilt.length > 0 ? this.builder.computeAndKeep(unbuilt, this.clock.now()) : Promise.resolve([]),
    ]);
    // Of the days computed, the same rows builtFigures would read: the full grain for the scope, the
    // label totals for by_tag.
    const grain = tagGrainOf(scope);
    const inScope = (row: DayFigures) => row.apiKeyId !== ANY && row.assigneeId !== ANY && keyAndAssigneeIn(scope, row);
    for (const row of computed) {
      if (row.tagKey === (scope.tagKey ?? '') && inScope(row)) {
        main.push(row);
      } else if (
        scope.tagKey === undefined &&
        row.tagKey !== '' &&
        row.apiKeyId === grain.apiKeyId &&
        row.assigneeId === grain.assigneeId
      ) {
        tagged.push(row);
      }
    }
    main.push(...ratings.main);
    tagged.push(...ratings.tagged);
    if (scope.tagKey !== undefined) {
      tagged.push(...main);
    }
    return { main, tagged };
  }
}
