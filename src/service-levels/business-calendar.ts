import { DateTime, Zone } from 'luxon';

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export interface BusinessHours {
  /** IANA time zone the week and the holidays are read in, e.g. 'Europe/Berlin'. */
  time_zone: string;
  /** Local wall-clock intervals per day, e.g. { mon: [['09:00', '12:00'], ['13:00', '17:00']] }; a missing or empty day is closed. */
  week: Partial<Record<Weekday, [string, string][]>>;
  /** Local dates 'YYYY-MM-DD' closed all day. */
  holidays: string[];
}

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
const MINUTES_PER_DAY = 1440;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
/**
 * How far after its start a due time may lie: twenty years (of 365.25 days). Policies are refused when
 * their targets take more than MAX_TARGET_WEEKS of their hours (sla-policies.service), and even 400
 * holidays then add at most 400 weeks: only a policy stored before that check meets this horizon. It
 * keeps due times well inside what a DATETIME holds (year 9999) and bounds the walk (a step a week).
 */
export const DUE_TIME_HORIZON_DAYS = 7305;
/** The longest a target may take on its policy's hours, holidays aside: ten years of weeks. */
export const MAX_TARGET_WEEKS = 521;
const MAX_INTERVALS_PER_DAY = 8;
const MAX_HOLIDAYS = 400;
// The longest IANA name is about 30 characters: a longer string is refused before Intl ever parses it.
const MAX_TIME_ZONE_LENGTH = 64;
const TIME = /^(\d{2}):(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes since local midnight of "HH:MM" (00:00–23:59, or 24:00 when it may end a day), else null. */
function minuteOfDay(value: unknown, mayEndDay: boolean): number | null {
  if (typeof value !== 'string') {
    return null;
  }
  const match = TIME.exec(value);
  if (!match) {
    return null;
  }
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour === 24 && minute === 0) {
    return mayEndDay ? MINUTES_PER_DAY : null;
  }
  return hour <= 23 && minute <= 59 ? hour * 60 + minute : null;
}

/**
 * Days since 1970-01-01 of a calendar date, or null when the date does not exist (2026-02-30).
 * setUTCFullYear rather than Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
 */
function epochDayOf(year: number, month: number, day: number): number | null {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.getTime() / MS_PER_DAY;
}

function epochDayOfIsoDate(value: unknown): number | null {
  if (typeof value !== 'string') {
    return null;
  }
  const match = DATE.exec(value);
  return match ? epochDayOf(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Problem with one day's intervals, or null. */
function dayProblem(day: Weekday, intervals: unknown): string | null {
  const field = `business_hours.week.${day}`;
  if (!Array.isArray(intervals) || intervals.length > MAX_INTERVALS_PER_DAY) {
    return `${field}: must be an array of at most ${MAX_INTERVALS_PER_DAY} intervals`;
  }
  let previousEnd = -1;
  for (let i = 0; i < intervals.length; i++) {
    const pair: unknown = intervals[i];
    if (!Array.isArray(pair) || pair.length !== 2) {
      return `${field}[${i}]: must be a pair of times ["HH:MM", "HH:MM"]`;
    }
    const start = minuteOfDay(pair[0], false);
    const end = minuteOfDay(pair[1], true);
    if (start === null || end === null) {
      return `${field}[${i}]: times must be "HH:MM" from 00:00 to 23:59 (24:00 only as an end)`;
    }
    if (start >= end) {
      return `${field}[${i}]: start must be before end`;
    }
    if (start < previousEnd) {
      return `${field}[${i}]: intervals must be sorted and must not overlap`;
    }
    previousEnd = end;
  }
  return null;
}

function timeZoneProblem(value: unknown): string | null {
  const field = 'business_hours.time_zone';
  if (typeof value !== 'string') {
    return `${field}: must be a string`;
  }
  if (value.length === 0 || value.length > MAX_TIME_ZONE_LENGTH) {
    return `${field}: not an IANA time zone`;
  }
  if (value === 'UTC') {
    return null;
  }
  // Luxon also accepts fixed offsets ('UTC+2', 'gmt') and the server's own zone ('local', 'system'):
  // neither follows a region's daylight-saving rules, so only its IANA zones pass.
  const zone = DateTime.local().setZone(value);
  return zone.isValid && zone.zone.type === 'iana' ? null : `${field}: not an IANA time zone`;
}

function weekProblem(value: unknown): string | null {
  const field = 'business_hours.week';
  if (!isPlainObject(value)) {
    return `${field}: must be an object`;
  }
  let openDays = 0;
  for (const key of Object.keys(value)) {
    const day = WEEKDAYS.find((weekday) => weekday === key);
    if (day === undefined) {
      return `${field}: keys must be weekdays (${WEEKDAYS.join(', ')})`;
    }
    const intervals = value[key];
    const problem = dayProblem(day, intervals);
    if (problem !== null) {
      return problem;
    }
    if (Array.isArray(intervals) && intervals.length > 0) {
      openDays++;
    }
  }
  return openDays > 0 ? null : `${field}: at least one day must have an interval`;
}

function holidaysProblem(value: unknown): string | null {
  const field = 'business_hours.holidays';
  if (!Array.isArray(value) || value.length > MAX_HOLIDAYS) {
    return `${field}: must be an array of at most ${MAX_HOLIDAYS} dates`;
  }
  const seen = new Set<number>();
  for (let i = 0; i < value.length; i++) {
    const day = epochDayOfIsoDate(value[i]);
    if (day === null) {
      return `${field}[${i}]: not a calendar date YYYY-MM-DD`;
    }
    if (seen.has(day)) {
      return `${field}[${i}]: duplicate date`;
    }
    seen.add(day);
  }
  return null;
}

/**
 * Why `value` (parsed JSON, untrusted) is not a valid BusinessHours, naming the field; null when it is.
 * Never throws.
 */
export function businessHoursProblem(value: unknown): string | null {
  if (!isPlainObject(value)) {
    return 'business_hours: must be an object';
  }
  const allowed = ['time_zone', 'week', 'holidays'];
  if (Object.keys(value).some((key) => !allowed.includes(key))) {
    return 'business_hours: only time_zone, week and holidays are allowed';
  }
  if (!Object.hasOwn(value, 'time_zone')) {
    return 'business_hours.time_zone: required';
  }
  if (!Object.hasOwn(value, 'week')) {
    return 'business_hours.week: required';
  }
  return (
    timeZoneProblem(value.time_zone) ??
    weekProblem(value.week) ??
    // Absent holidays mean none: a client with no holidays need not send an empty list (of() reads it as []).
    (Object.hasOwn(value, 'holidays') ? holidaysProblem(value.holidays) : null)
  );
}

/** Local [start, end) minutes of one weekday, sorted, touching intervals merged. */
function mergedMinutes(intervals: readonly [string, string][] | undefined): readonly number[] {
  const merged: number[] = [];
  for (const [startText, endText] of intervals ?? []) {
    const start = minuteOfDay(startText, false) ?? 0;
    const end = minuteOfDay(endText, true) ?? 0;
    if (merged.length > 0 && merged[merged.length - 1] === start) {
      merged[merged.length - 1] = end;
    } else {
      merged.push(start, end);
    }
  }
  return merged;
}

const CLOSED: readonly number[] = [];
// Enough days for a long-lived calendar to answer repeated questions about the coming months without
// recomputing instants, small enough that an old calendar holds little.
const DAY_CACHE_LIMIT = 1024;
/**
 * How far from a clock change a week's start must be for the week to be stepped over whole: more than
 * any change moves a clock (two hours at most), so the wall-clock midnight has exactly one instant.
 */
const CLEAR_OF_CHANGES_MS = 3 * 3_600_000;

/**
 * Counts the steps a calendar's walks take (a whole week or a single day each): what a walk costs, in a
 * form a test can check exactly where a measured time would depend on the machine.
 */
export interface CalendarWalkCounter {
  steps: number;
}

/** A local Monday's start, clear of clock changes, and the zone's UTC offset (minutes) there. */
interface WeekStart {
  day: number;
  ms: number;
  offset: number;
}

/**
 * Service-level due times (first response, resolution) count business minutes only: a request that
 * arrives on Friday evening is not late on Saturday morning. This turns "N business minutes after an
 * instant" into an instant, and the time between two instants into business minutes, for a policy's
 * business hours, or around the clock when it has none.
 *
 * Business hours are local wall-clock times: each interval's start and end become real instants through
 * Luxon (a local time that does not exist moves forward as Luxon moves it), and the real time between
 * them counts, so an interval across a daylight-saving change holds an hour less or more.
 */
export class BusinessCalendar {
  /** Per Luxon weekday - 1 (Monday 0): flat local [start, end) minutes of the day. */
  private readonly weekMinutes: readonly (readonly number[])[];
  private readonly holidays: ReadonlySet<number>;
  /** Per Luxon weekday - 1 (Monday 0): open minutes of the day on the wall clock. */
  private readonly dayMinutes: readonly number[];
  private readonly minutesPerWeek: number;
  /** Holidays on days that would be open (a week without one needs no look at the holidays). */
  private readonly closingHolidays: number;
  /** Epoch day → flat real [start, end) milliseconds of that local day's intervals. */
  private readonly dayCache = new Map<number, readonly number[]>();
  private readonly timeZone: string;
  private readonly zone: Zone;

  private constructor(
    private readonly hours: BusinessHours | null,
    private readonly walkCounter: CalendarWalkCounter | undefined,
  ) {
    this.timeZone = hours?.time_zone ?? 'UTC';
    this.zone = DateTime.fromMillis(0, { zone: this.timeZone }).zone;
    this.weekMinutes = WEEKDAYS.map((day) => mergedMinutes(hours?.week[day]));
    // Validation lets holidays be absent (businessHoursProblem): none.
    const holidayDays = (hours?.holidays ?? []).map(epochDayOfIsoDate).filter((day) => day !== null);
    this.holidays = new Set(holidayDays);
    this.dayMinutes = this.weekMinutes.map((day) => {
      let open = 0;
      for (let i = 0; i < day.length; i += 2) {
        open += day[i + 1] - day[i];
      }
      return open;
    });
    this.minutesPerWeek = this.dayMinutes.reduce((sum, open) => sum + open, 0);
    this.closingHolidays = [...this.holidays].filter((day) => this.weekMinutes[weekdayIndex(day)].length > 0).length;
  }

  /**
   * A calendar for validated business hours (businessHoursProblem), or around the clock for null;
   * `walkCounter`, when given, counts the steps its walks take.
   */
  static of(hours: BusinessHours | null, walkCounter?: CalendarWalkCounter): BusinessCalendar {
    return new BusinessCalendar(hours, walkCounter);
  }

  /**
   * The instant at which `minutes` business minutes have passed counting from `start`: outside business
   * hours counting begins at the next opening; a count that runs out exactly at a closing time answers that
   * closing instant; 0 minutes answers `start`. Never later than DUE_TIME_HORIZON_DAYS after `start`: a
   * count that would run further (hours open a minute a week; policies are checked against this when
   * written (MAX_TARGET_WEEKS), but one stored before may not be) answers that horizon instead.
   */
  addMinutes(start: Date, minutes: number): Date {
    const startMs = start.getTime();
    if (!Number.isFinite(startMs)) {
      throw new RangeError('start must be a valid date');
    }
    if (!Number.isSafeInteger(minutes) || minutes < 0) {
      throw new RangeError('minutes must be a whole number of at least 0');
    }
    const horizonMs = startMs + DUE_TIME_HORIZON_DAYS * MS_PER_DAY;
    if (minutes === 0) {
      return new Date(startMs);
    }
    if (this.hours === null) {
      return new Date(Math.min(startMs + minutes * MS_PER_MINUTE, horizonMs));
    }
    if (this.minutesPerWeek === 0) {
      throw new Error('business hours never open');
    }
    let remainingMs = minutes * MS_PER_MINUTE;
    let cursor = startMs;
    const firstDay = this.localEpochDay(startMs);
    // One day past the horizon's local day, so that every instant before the horizon has been counted.
    const lastDay = firstDay + DUE_TIME_HORIZON_DAYS + 1;
    let day = firstDay;
    let known: WeekStart | null = null;
    while (day <= lastDay) {
      if (this.walkCounter) {
        this.walkCounter.steps++;
      }
      // Whole weeks at once (from a Monday not yet counted into): the walk costs a step per week, not
      // per day, so a long count stays quick whatever the hours.
      const week: { businessMs: number; next: WeekStart } | null =
        weekdayIndex(day) === 0 ? this.wholeWeek(day, known, cursor) : null;
      if (week !== null && week.businessMs < remainingMs) {
        remainingMs -= week.businessMs;
        cursor = week.next.ms;
        known = week.next;
        day += 7;
        continue;
      }
      const intervals = this.realIntervals(day);
      for (let i = 0; i < intervals.length; i += 2) {
        // Never before the cursor: counts nothing twice should a day's instants ever overlap the previous.
        const intervalStart = Math.max(intervals[i], cursor);
        const intervalEnd = intervals[i + 1];
        if (intervalEnd <= intervalStart) {
          continue;
        }
        if (remainingMs <= intervalEnd - intervalStart) {
          return new Date(Math.min(intervalStart + remainingMs, horizonMs));
        }
        remainingMs -= intervalEnd - intervalStart;
        cursor = intervalEnd;
      }
      day++;
    }
    return new Date(horizonMs);
  }

  /**
   * Business minutes in [from, to), 0 when `to` is not after `from`. Rounded down to whole minutes, so that
   * minutesBetween(s, addMinutes(s, n)) is n and a due time is not reported as reached a part-minute early.
   */
  minutesBetween(from: Date, to: Date): number {
    const fromMs = from.getTime();
    const toMs = to.getTime();
    if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) {
      throw new RangeError('from and to must be valid dates');
    }
    if (toMs <= fromMs) {
      return 0;
    }
    if (this.hours === null) {
      return Math.floor((toMs - fromMs) / MS_PER_MINUTE);
    }
    // The same walk as addMinutes (same days, same whole weeks, same clamping to the cursor), so that the
    // two agree.
    let totalMs = 0;
    let cursor = fromMs;
    const lastDay = this.localEpochDay(toMs);
    let day = this.localEpochDay(fromMs);
    let known: WeekStart | null = null;
    while (day <= lastDay) {
      if (this.walkCounter) {
        this.walkCounter.steps++;
      }
      const week: { businessMs: number; next: WeekStart } | null =
        weekdayIndex(day) === 0 ? this.wholeWeek(day, known, cursor) : null;
      if (week !== null && week.next.ms <= toMs) {
        totalMs += week.businessMs;
        cursor = week.next.ms;
        known = week.next;
        day += 7;
        continue;
      }
      const intervals = this.realIntervals(day);
      for (let i = 0; i < intervals.length; i += 2) {
        const intervalStart = Math.max(intervals[i], cursor);
        const intervalEnd = intervals[i + 1];
        if (intervalEnd <= intervalStart) {
          continue;
        }
        totalMs += Math.max(0, Math.min(intervalEnd, toMs) - intervalStart);
        cursor = intervalEnd;
      }
      day++;
    }
    return Math.floor(totalMs / MS_PER_MINUTE);
  }

  /** Business minutes in a week with no holiday, daylight saving aside (around the clock: 10 080). */
  get openMinutesPerWeek(): number {
    return this.hours === null ? MINUTES_PER_WEEK : this.minutesPerWeek;
  }

  /**
   * The local week from Monday `monday` as one step: its business milliseconds and the next week's start,
   * when nothing of it has been counted yet (the cursor is not past its start) and the zone's offset is the
   * same from its start to its end (then each interval lasts its wall-clock length, and the week's business
   * time is its open days' minutes). Null otherwise (a clock change within it): the caller walks it day by
   * day. One zone offset asked per week (the start of a week that follows one stepped over is known).
   * Two changes within one week that cancel out would go unseen; no zone has had them since 1970.
   */
  private wholeWeek(
    monday: number,
    known: WeekStart | null,
    cursor: number,
  ): { businessMs: number; next: WeekStart } | null {
    const start = known?.day === monday ? known : this.weekStart(monday);
    if (start === null || cursor > start.ms) {
      return null;
    }
    const endMs = start.ms + 7 * MS_PER_DAY;
    if (this.zone.offset(endMs + CLEAR_OF_CHANGES_MS) !== start.offset) {
      return null;
    }
    let businessMinutes = this.minutesPerWeek;
    if (this.closingHolidays > 0) {
      for (let day = monday; day < monday + 7; day++) {
        if (this.holidays.has(day)) {
          businessMinutes -= this.dayMinutes[day - monday];
        }
      }
    }
    return { businessMs: businessMinutes * MS_PER_MINUTE, next: { day: monday + 7, ms: endMs, offset: start.offset } };
  }

  /** A Monday's start when no clock change is near it, else null. */
  private weekStart(monday: number): WeekStart | null {
    const ms = this.instant(monday, 0);
    const offset = this.zone.offset(ms - CLEAR_OF_CHANGES_MS);
    return this.zone.offset(ms + CLEAR_OF_CHANGES_MS) === offset ? { day: monday, ms, offset } : null;
  }

  /** Days since 1970-01-01 of the local date, in the policy's zone, of an instant. */
  private localEpochDay(ms: number): number {
    const local = DateTime.fromMillis(ms, { zone: this.timeZone });
    const day = epochDayOf(local.year, local.month, local.day);
    if (day === null) {
      throw new RangeError('date out of range');
    }
    return day;
  }

  /** Flat real [start, end) milliseconds of one local day's intervals; none on a closed day or holiday. */
  private realIntervals(day: number): readonly number[] {
    const cached = this.dayCache.get(day);
    if (cached !== undefined) {
      return cached;
    }
    const minutes = this.weekMinutes[weekdayIndex(day)];
    let intervals = CLOSED;
    if (minutes.length > 0 && !this.holidays.has(day)) {
      intervals = minutes.map((minute) => this.instant(day, minute));
    }
    if (this.dayCache.size >= DAY_CACHE_LIMIT) {
      this.dayCache.clear();
    }
    this.dayCache.set(day, intervals);
    return intervals;
  }

  /** The real instant of a local wall-clock minute of a day; minute 1440 (24:00) is the next day's start. */
  private instant(day: number, minute: number): number {
    const date = new Date((day + Math.floor(minute / MINUTES_PER_DAY)) * MS_PER_DAY);
    const minuteOfDay = minute % MINUTES_PER_DAY;
    return DateTime.fromObject(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: Math.floor(minuteOfDay / 60),
        minute: minuteOfDay % 60,
      },
      { zone: this.timeZone },
    ).toMillis();
  }
}

/** Monday 0 … Sunday 6 of a day since 1970-01-01 (a Thursday). */
function weekdayIndex(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}
