const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function when(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** "3 min ago" for the list; the exact time is in the title. */
export function ago(iso: string): string {
  const seconds = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) {
    return 'just now';
  }
  if (seconds < 3600) {
    return `${Math.floor(seconds / 60)} min ago`;
  }
  if (seconds < 86400) {
    return `${Math.floor(seconds / 3600)} h ago`;
  }
  return `${Math.floor(seconds / 86400)} d ago`;
}

/** "in 12 min", "in 3 h" (up to two days), "in 3 d", "5 min ago": `iso` against `now` (ms), for a due time. */
export function fromNow(iso: string, now: number): string {
  const ms = new Date(iso).getTime() - now;
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes < 1) {
    return 'now';
  }
  const span =
    minutes < 60
      ? `${minutes} min`
      : minutes < 2880
        ? `${Math.round(minutes / 60)} h`
        : `${Math.round(minutes / 1440)} d`;
  return ms > 0 ? `in ${span}` : `${span} ago`;
}

/** A date without a time (`2026-03-01`), in the browser's words ("1 Mar 2026"): the day itself, in no time zone. */
const calendarDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
export function day(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : calendarDay.format(parsed);
}

// Every digit the value has (the default rounds to three decimals).
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 20 });
export function number(value: number): string {
  return decimal.format(value);
}
