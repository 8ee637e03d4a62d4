import type { Interval } from './report-params';

/**
 * "45 min", "1 h 20 min", "3 d 4 h": business minutes as a person reads them; "—" when nothing was
 * measured. Up to two days in hours and minutes, beyond in days and hours.
 */
export function duration(minutes: number | null): string {
  if (minutes === null) {
    return '—';
  }
  const whole = Math.round(minutes);
  if (whole < 60) {
    return `${whole} min`;
  }
  if (whole < 2880) {
    const rest = whole % 60;
    return `${Math.floor(whole / 60)} h${rest ? ` ${rest} min` : ''}`;
  }
  const hours = Math.round(whole / 60);
  const rest = hours % 24;
  return `${Math.floor(hours / 24)} d${rest ? ` ${rest} h` : ''}`;
}

export function percent(value: number | null): string {
  return value === null ? '—' : `${value}%`;
}

const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A report day (UTC) as a date: "2 Jun 2025", or "2 Jun" when `short`. */
export function day(iso: string, short = false): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return (short ? shortFormat : dayFormat).format(date);
}

/** The first column's heading of an over-time table. */
export const bucketHeading = (interval: Interval): string => (interval === 'week' ? 'Week of' : 'Day');

/** "12 weeks" / "1 day". */
export function bucketCount(count: number, interval: Interval): string {
  return `${count} ${interval}${count === 1 ? '' : 's'}`;
}

/** "1 submission", "3 submissions". */
export const submissions = (count: number): string => `${count} submission${count === 1 ? '' : 's'}`;
