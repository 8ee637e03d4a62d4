import { BusinessCalendar, BusinessHours, businessHoursProblem, DUE_TIME_HORIZON_DAYS } from './business-calendar';

// Expected instants are worked out by hand in the comments: Berlin is CET (UTC+1) until 2026-03-29 02:00
// and from 2026-10-25 03:00, CEST (UTC+2) between; New York is EST (UTC-5) until 2026-03-08 02:00 and from
// 2026-11-01 02:00, EDT (UTC-4) between. 2026-01-01 is a Thursday.

const at = (iso: string): Date => new Date(iso);

const NINE_TO_FIVE: [string, string][] = [['09:00', '17:00']];
const WITH_LUNCH: [string, string][] = [
  ['09:00', '12:00'],
  ['13:00', '17:00'],
];

function weekdays(intervals: [string, string][]): BusinessHours['week'] {
  return { mon: intervals, tue: intervals, wed: intervals, thu: intervals, fri: intervals };
}

function berlinOffice(holidays: string[] = []): BusinessCalendar {
  return BusinessCalendar.of({ time_zone: 'Europe/Berlin', week: weekdays(NINE_TO_FIVE), holidays });
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('BusinessCalendar around the clock', () => {
  const calendar = BusinessCalendar.of(null);

  it('adds real minutes, daylight-saving or not', () => {
    // 00:30Z + 90 minutes = 02:00Z; the Berlin clock change that night is irrelevant without a zone.
    expect(calendar.addMinutes(at('2026-03-29T00:30:00Z'), 90)).toEqual(at('2026-03-29T02:00:00Z'));
    // 365 days of minutes from 2026-01-01 (2026 is not a leap year).
    expect(calendar.addMinutes(at('2026-01-01T00:00:00Z'), 365 * 1440)).toEqual(at('2027-01-01T00:00:00Z'));
  });

  it('returns the start for 0 minutes', () => {
    expect(calendar.addMinutes(at('2026-05-05T05:05:05.555Z'), 0)).toEqual(at('2026-05-05T05:05:05.555Z'));
  });

  it('counts whole minutes between, rounded down', () => {
    // One day and 59.999 seconds: 1440.99… minutes → 1440.
    expect(calendar.minutesBetween(at('2026-01-01T00:00:00Z'), at('2026-01-02T00:00:59.999Z'))).toBe(1440);
    expect(calendar.minutesBetween(at('2026-01-02T00:00:00Z'), at('2026-01-01T00:00:00Z'))).toBe(0);
  });
});

describe('BusinessCalendar.addMinutes with business hours', () => {
  it('carries Friday 16:30 + 60 minutes over the weekend to Monday 09:30', () => {
    // Fri 2026-01-09 16:30 CET = 15:30Z; 30 minutes to 17:00, Sat and Sun closed, the other 30 from
    // Mon 2026-01-12 09:00 CET: 09:30 CET = 08:30Z.
    expect(berlinOffice().addMinutes(at('2026-01-09T15:30:00Z'), 60)).toEqual(at('2026-01-12T08:30:00Z'));
  });

  it('starts counting at the next opening when started before it', () => {
    // Tue 2026-01-13 07:15 CET = 06:15Z; counting begins 09:00 CET, + 45 = 09:45 CET = 08:45Z.
    expect(berlinOffice().addMinutes(at('2026-01-13T06:15:00Z'), 45)).toEqual(at('2026-01-13T08:45:00Z'));
    // Sat 2026-01-10 11:00 CET: closed until Mon 09:00 CET; + 1 = 09:01 CET = 08:01Z.
    expect(berlinOffice().addMinutes(at('2026-01-10T10:00:00Z'), 1)).toEqual(at('2026-01-12T08:01:00Z'));
  });

  it('starts counting the next day when started after closing', () => {
    // Tue 2026-01-13 18:00 CET = 17:00Z; 480 minutes are the whole of Wed 09:00–17:00 CET, ending at
    // Wed 2026-01-14 17:00 CET = 16:00Z.
    expect(berlinOffice().addMinutes(at('2026-01-13T17:00:00Z'), 480)).toEqual(at('2026-01-14T16:00:00Z'));
  });

  it('returns the start for 0 minutes, even outside business hours', () => {
    expect(berlinOffice().addMinutes(at('2026-01-10T10:00:00Z'), 0)).toEqual(at('2026-01-10T10:00:00Z'));
  });

  it('skips a holiday the count starts on', () => {
    // Thu 2026-01-01 10:00 CET = 09:00Z is a holiday; Fri 2026-01-02 09:00 CET + 30 = 09:30 CET = 08:30Z.
    expect(berlinOffice(['2026-01-01']).addMinutes(at('2026-01-01T09:00:00Z'), 30)).toEqual(at('2026-01-02T08:30:00Z'));
  });

  it('pushes past a holiday Monday to Tuesday', () => {
    // Fri 2026-04-03 16:00 CEST = 14:00Z: 60 minutes to 17:00; Sat, Sun closed; Mon 2026-04-06 a holiday;
    // the other 60 from Tue 09:00 CEST: 10:00 CEST = 08:00Z.
    expect(berlinOffice(['2026-04-06']).addMinutes(at('2026-04-03T14:00:00Z'), 120)).toEqual(
      at('2026-04-07T08:00:00Z'),
    );
  });

  it('skips a weekend between two holidays', () => {
    // Thu 2026-12-24 16:30 CET = 15:30Z: 30 minutes to 17:00; Fri 25 holiday, Sat 26, Sun 27 closed,
    // Mon 28 holiday; the other 30 from Tue 2026-12-29 09:00 CET: 09:30 CET = 08:30Z.
    const calendar = berlinOffice(['2026-12-25', '2026-12-28']);
    expect(calendar.addMinutes(at('2026-12-24T15:30:00Z'), 60)).toEqual(at('2026-12-29T08:30:00Z'));
    expect(calendar.minutesBetween(at('2026-12-24T15:30:00Z'), at('2026-12-29T08:30:00Z'))).toBe(60);
  });

  it('skips the lunch break between split intervals', () => {
    const calendar = BusinessCalendar.of({ time_zone: 'Europe/Berlin', week: weekdays(WITH_LUNCH), holidays: [] });
    // Mon 2026-01-12 11:30 CET = 10:30Z: 30 minutes to 12:00, lunch, 30 from 13:00: 13:30 CET = 12:30Z.
    expect(calendar.addMinutes(at('2026-01-12T10:30:00Z'), 60)).toEqual(at('2026-01-12T12:30:00Z'));
    // Started during lunch (12:15 CET = 11:15Z): from 13:00, + 10 = 13:10 CET = 12:10Z.
    expect(calendar.addMinutes(at('2026-01-12T11:15:00Z'), 10)).toEqual(at('2026-01-12T12:10:00Z'));
  });

  it('ends at the closing instant, not the next opening, when the count runs out there', () => {
    const calendar = BusinessCalendar.of({ time_zone: 'Europe/Berlin', week: weekdays(WITH_LUNCH), holidays: [] });
    // Mon 2026-01-12 16:00 CET = 15:00Z + 60 = 17:00 CET = 16:00Z, not Tuesday 09:00.
    expect(calendar.addMinutes(at('2026-01-12T15:00:00Z'), 60)).toEqual(at('2026-01-12T16:00:00Z'));
    // 11:00 CET = 10:00Z + 60 = 12:00 CET = 11:00Z (lunch starts), not 13:00; one more minute is 13:01 CET.
    expect(calendar.addMinutes(at('2026-01-12T10:00:00Z'), 60)).toEqual(at('2026-01-12T11:00:00Z'));
    expect(calendar.addMinutes(at('2026-01-12T10:00:00Z'), 61)).toEqual(at('2026-01-12T12:01:00Z'));
  });

  it('ends an interval at "24:00", the start of the next local day', () => {
    const calendar = BusinessCalendar.of({
      time_zone: 'Europe/Berlin',
      week: { sat: [['22:00', '24:00']] },
      holidays: [],
    });
    // Sat 2026-01-10 23:00 CET = 22:00Z + 60 = Sun 00:00 CET = 23:00Z.
    expect(calendar.addMinutes(at('2026-01-10T22:00:00Z'), 60)).toEqual(at('2026-01-10T23:00:00Z'));
    // One more minute: next Sat 2026-01-17 22:01 CET = 21:01Z.
    expect(calendar.addMinutes(at('2026-01-10T22:00:00Z'), 61)).toEqual(at('2026-01-17T21:01:00Z'));
  });

  it('finds the opening after 400 holidays on the only open weekday', () => {
    // Open Mondays only; the 400 Mondays from 2026-01-05 are holidays, so the first open Monday is
    // 400 weeks = 2800 days later: 2033-09-05, CEST, 09:01 CEST = 07:01Z.
    const holidays = Array.from({ length: 400 }, (_, week) =>
      new Date(Date.UTC(2026, 0, 5 + 7 * week)).toISOString().slice(0, 10),
    );
    const calendar = BusinessCalendar.of({ time_zone: 'Europe/Berlin', week: { mon: NINE_TO_FIVE }, holidays });
    expect(calendar.addMinutes(at('2026-01-05T00:00:00Z'), 1)).toEqual(at('2033-09-05T07:01:00Z'));
  });

  it('throws rather than loop when the hours never open', () => {
    const calendar = BusinessCalendar.of({ time_zone: 'UTC', week: {}, holidays: [] });
    expect(() => calendar.addMinutes(at('2026-01-01T00:00:00Z'), 1)).toThrow('business hours never open');
  });

  it('refuses a negative or fractional minute count and an invalid date', () => {
    expect(() => berlinOffice().addMinutes(at('2026-01-01T00:00:00Z'), -1)).toThrow(RangeError);
    expect(() => berlinOffice().addMinutes(at('2026-01-01T00:00:00Z'), 1.5)).toThrow(RangeError);
    expect(() => berlinOffice().addMinutes(at('2026-01-01T00:00:00Z'), Number.NaN)).toThrow(RangeError);
    expect(() => berlinOffice().addMinutes(new Date(Number.NaN), 1)).toThrow(RangeError);
  });
});

describe('BusinessCalendar across daylight-saving changes', () => {
  const sundays = (timeZone: string, intervals: [string, string][]): BusinessCalendar =>
    BusinessCalendar.of({ time_zone: timeZone, week: { sun: intervals }, holidays: [] });

  it('counts 23 hours in Berlin on the spring-forward Sunday 00:00–24:00', () => {
    const calendar = sundays('Europe/Berlin', [['00:00', '24:00']]);
    // Sun 2026-03-29 00:00 CET = 03-28T23:00Z to Mon 00:00 CEST = 03-29T22:00Z: 23 · 60 = 1380.
    expect(calendar.minutesBetween(at('2026-03-28T00:00:00Z'), at('2026-03-31T00:00:00Z'))).toBe(1380);
    expect(calendar.addMinutes(at('2026-03-28T23:00:00Z'), 1380)).toEqual(at('2026-03-29T22:00:00Z'));
    // One minute more: the next Sunday 2026-04-05 00:01 CEST = 04-04T22:01Z.
    expect(calendar.addMinutes(at('2026-03-28T12:00:00Z'), 1381)).toEqual(at('2026-04-04T22:01:00Z'));
  });

  it('counts 25 hours in Berlin on the fall-back Sunday 00:00–24:00', () => {
    const calendar = sundays('Europe/Berlin', [['00:00', '24:00']]);
    // Sun 2026-10-25 00:00 CEST = 10-24T22:00Z to Mon 00:00 CET = 10-25T23:00Z: 25 · 60 = 1500.
    expect(calendar.minutesBetween(at('2026-10-24T00:00:00Z'), at('2026-10-27T00:00:00Z'))).toBe(1500);
    expect(calendar.addMinutes(at('2026-10-24T22:00:00Z'), 1500)).toEqual(at('2026-10-25T23:00:00Z'));
  });

  it('counts the real minutes of an interval across the Berlin changes (01:00–04:00)', () => {
    const calendar = sundays('Europe/Berlin', [['01:00', '04:00']]);
    // Spring: 01:00 CET = 00:00Z to 04:00 CEST = 02:00Z: 120 minutes; minute 61 ends 01:01Z (03:01 CEST).
    expect(calendar.minutesBetween(at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'))).toBe(120);
    expect(calendar.addMinutes(at('2026-03-28T12:00:00Z'), 61)).toEqual(at('2026-03-29T01:01:00Z'));
    // Fall: 01:00 CEST = 10-24T23:00Z to 04:00 CET = 10-25T03:00Z: 240 minutes; minute 150 ends 01:30Z,
    // the second 02:30 of the night (CET).
    expect(calendar.minutesBetween(at('2026-10-24T00:00:00Z'), at('2026-10-26T00:00:00Z'))).toBe(240);
    expect(calendar.addMinutes(at('2026-10-24T23:00:00Z'), 150)).toEqual(at('2026-10-25T01:30:00Z'));
    expect(calendar.addMinutes(at('2026-10-24T23:00:00Z'), 240)).toEqual(at('2026-10-25T03:00:00Z'));
  });

  it('counts 23 and 25 hours in New York on 2026-03-08 and 2026-11-01', () => {
    const calendar = sundays('America/New_York', [['00:00', '24:00']]);
    // Sun 2026-03-08 00:00 EST = 05:00Z to Mon 00:00 EDT = 03-09T04:00Z: 1380.
    expect(calendar.minutesBetween(at('2026-03-07T12:00:00Z'), at('2026-03-09T12:00:00Z'))).toBe(1380);
    expect(calendar.addMinutes(at('2026-03-08T05:00:00Z'), 1380)).toEqual(at('2026-03-09T04:00:00Z'));
    // Sun 2026-11-01 00:00 EDT = 04:00Z to Mon 00:00 EST = 11-02T05:00Z: 1500.
    expect(calendar.minutesBetween(at('2026-10-31T12:00:00Z'), at('2026-11-02T12:00:00Z'))).toBe(1500);
    expect(calendar.addMinutes(at('2026-11-01T04:00:00Z'), 1500)).toEqual(at('2026-11-02T05:00:00Z'));
  });

  it('moves a start that does not exist forward, as Luxon does', () => {
    const calendar = sundays('America/New_York', [['02:30', '05:00']]);
    // 2026-03-08 02:30 does not exist in New York (02:00 EST → 03:00 EDT): it becomes 03:30 EDT = 07:30Z;
    // 05:00 EDT = 09:00Z: 90 minutes, the first ending 07:31Z.
    expect(calendar.minutesBetween(at('2026-03-08T00:00:00Z'), at('2026-03-09T00:00:00Z'))).toBe(90);
    expect(calendar.addMinutes(at('2026-03-08T05:00:00Z'), 1)).toEqual(at('2026-03-08T07:31:00Z'));
  });
});

describe('BusinessCalendar over years (whole weeks at a time)', () => {
  it('counts a year of office weeks to the closing of the 52nd, and a holiday a day more', () => {
    // Mon 2026-01-05 09:00 CET = 08:00Z; 52 weeks of 5 × 480 minutes end at the closing of the 52nd week:
    // Fri 2027-01-01 17:00 CET = 16:00Z (the clock changes fall on Sundays, outside the hours).
    const start = at('2026-01-05T08:00:00Z');
    const minutes = 52 * 5 * 480;
    expect(berlinOffice().addMinutes(start, minutes)).toEqual(at('2027-01-01T16:00:00Z'));
    expect(berlinOffice().minutesBetween(start, at('2027-01-01T16:00:00Z'))).toBe(minutes);
    // Friday 2026-12-25 closed: one day more, Mon 2027-01-04 17:00 CET = 16:00Z.
    expect(berlinOffice(['2026-12-25']).addMinutes(start, minutes)).toEqual(at('2027-01-04T16:00:00Z'));
    expect(berlinOffice(['2026-12-25']).minutesBetween(start, at('2027-01-04T16:00:00Z'))).toBe(minutes);
  });

  it('counts real time across six years of daylight-saving changes when open all day, every day', () => {
    const allDay: [string, string][] = [['00:00', '24:00']];
    const calendar = BusinessCalendar.of({
      time_zone: 'Europe/Berlin',
      week: { ...weekdays(allDay), sat: allDay, sun: allDay },
      holidays: [],
    });
    // Open around the clock on the wall clock: every real minute counts, the changed hours included.
    const start = at('2026-01-07T10:11:12.345Z');
    const minutes = 3 * 525_600 + 12_345;
    expect(calendar.addMinutes(start, minutes)).toEqual(new Date(start.getTime() + minutes * 60_000));
    expect(calendar.minutesBetween(start, new Date(start.getTime() + minutes * 60_000))).toBe(minutes);
  });

  it('stops at the horizon, a step a week, when hours open a minute a week would put a year of minutes ten thousand years away', () => {
    const walk = { steps: 0 };
    const calendar = BusinessCalendar.of(
      { time_zone: 'Europe/Berlin', week: { mon: [['09:00', '09:01']] }, holidays: [] },
      walk,
    );
    const start = at('2026-01-05T00:00:00Z');
    // The horizon: 7305 days (20 years, five of them leap years) after Monday 2026-01-05 00:00Z.
    const horizon = at('2046-01-05T00:00:00Z');
    expect(calendar.addMinutes(start, 525_600)).toEqual(horizon);
    expect(horizon.getTime() - start.getTime()).toBe(DUE_TIME_HORIZON_DAYS * 86_400_000);
    // Work counted, not time: the walk to the horizon takes a step per week (1044), and a step per day
    // only through the weeks of a clock change (two a year), never one per day of the 7306 it spans (nor
    // one per day of the 10 000 years a day-by-day walk went, issue 53, D3).
    const mostSteps = Math.ceil(DUE_TIME_HORIZON_DAYS / 7) + 2 * 21 * 7 + 7;
    expect(walk.steps).toBeGreaterThan(1000);
    expect(walk.steps).toBeLessThanOrEqual(mostSteps);
    walk.steps = 0;
    expect(calendar.addMinutes(start, 10_000)).toEqual(horizon);
    expect(walk.steps).toBeLessThanOrEqual(mostSteps);
    // Within the horizon it still counts: the 100th Monday from 2026-01-05 is 2027-11-29, CET: 09:01 = 08:01Z.
    walk.steps = 0;
    expect(calendar.addMinutes(start, 100)).toEqual(at('2027-11-29T08:01:00Z'));
    expect(walk.steps).toBeLessThanOrEqual(100 + 2 * 2 * 7 + 7);
    walk.steps = 0;
    expect(calendar.minutesBetween(start, at('2046-01-01T00:00:00Z'))).toBe(1043);
    expect(walk.steps).toBeLessThanOrEqual(mostSteps);
  });

  it('keeps agreeing with minutesBetween on counts of months and years', () => {
    const calendars = [
      BusinessCalendar.of({
        time_zone: 'Europe/Berlin',
        week: weekdays(WITH_LUNCH),
        holidays: ['2026-04-03', '2026-04-06', '2026-12-25', '2026-12-28', '2027-03-26', '2028-01-03'],
      }),
      // Lord Howe Island moves its clocks by half an hour, at 02:00 local: inside these hours.
      BusinessCalendar.of({
        time_zone: 'Australia/Lord_Howe',
        week: {
          sun: [
            ['01:00', '03:00'],
            ['12:00', '24:00'],
          ],
        },
        holidays: [],
      }),
      BusinessCalendar.of({
        time_zone: 'America/New_York',
        week: { ...weekdays(NINE_TO_FIVE), sun: [['00:00', '24:00']] },
        holidays: ['2026-11-26', '2027-11-25'],
      }),
    ];
    const random = seededRandom(20261025);
    const yearStart = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 60; i++) {
      const calendar = calendars[i % calendars.length];
      const start = new Date(yearStart + Math.floor(random() * 365 * 86_400_000));
      const minutes = Math.floor(random() * 200_000);
      const end = calendar.addMinutes(start, minutes);
      expect(calendar.minutesBetween(start, end)).toBe(minutes);
      expect(calendar.minutesBetween(start, new Date(end.getTime() - 1))).toBe(minutes - 1);
    }
  });
});

describe('BusinessCalendar.minutesBetween with business hours', () => {
  it('counts only business minutes across a weekend', () => {
    // Fri 2026-01-09 16:00 CET = 15:00Z to Mon 2026-01-12 10:00 CET = 09:00Z: 60 Friday + 60 Monday.
    expect(berlinOffice().minutesBetween(at('2026-01-09T15:00:00Z'), at('2026-01-12T09:00:00Z'))).toBe(120);
    // Mon 2026-01-12 00:00Z to the next Monday: five days of 480.
    expect(berlinOffice().minutesBetween(at('2026-01-12T00:00:00Z'), at('2026-01-19T00:00:00Z'))).toBe(2400);
  });

  it('is 0 when to is not after from, or when nothing between is open', () => {
    expect(berlinOffice().minutesBetween(at('2026-01-12T09:00:00Z'), at('2026-01-09T15:00:00Z'))).toBe(0);
    expect(berlinOffice().minutesBetween(at('2026-01-12T09:00:00Z'), at('2026-01-12T09:00:00Z'))).toBe(0);
    // Sat 2026-01-10 to Sun 2026-01-11 evening: closed.
    expect(berlinOffice().minutesBetween(at('2026-01-10T00:00:00Z'), at('2026-01-11T20:00:00Z'))).toBe(0);
  });

  it('rounds part minutes down', () => {
    // Fri 16:00:30 CET to 16:02:00 CET: 1.5 minutes → 1; 16:00:00 to 16:00:59.999: 0.
    expect(berlinOffice().minutesBetween(at('2026-01-09T15:00:30Z'), at('2026-01-09T15:02:00Z'))).toBe(1);
    expect(berlinOffice().minutesBetween(at('2026-01-09T15:00:00Z'), at('2026-01-09T15:00:59.999Z'))).toBe(0);
  });

  it('agrees with addMinutes on pseudo-random starts and counts', () => {
    const calendars = [
      BusinessCalendar.of({
        time_zone: 'Europe/Berlin',
        week: weekdays(WITH_LUNCH),
        holidays: ['2026-04-03', '2026-04-06', '2026-12-25', '2026-12-28'],
      }),
      BusinessCalendar.of({
        time_zone: 'America/New_York',
        week: { ...weekdays(NINE_TO_FIVE), sun: [['00:00', '24:00']] },
        holidays: ['2026-11-26'],
      }),
      BusinessCalendar.of({ time_zone: 'Europe/Berlin', week: { sat: [['22:00', '24:00']] }, holidays: [] }),
      // Lord Howe Island moves its clocks by half an hour, at 02:00 local.
      BusinessCalendar.of({ time_zone: 'Australia/Lord_Howe', week: { sun: [['01:00', '03:00']] }, holidays: [] }),
      BusinessCalendar.of(null),
    ];
    const random = seededRandom(20260329);
    const yearStart = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 300; i++) {
      const calendar = calendars[i % calendars.length];
      // Any millisecond of 2026, so starts fall inside, outside and across daylight-saving changes.
      const start = new Date(yearStart + Math.floor(random() * 365 * 86_400_000));
      const minutes = Math.floor(random() * 20_000);
      const end = calendar.addMinutes(start, minutes);
      expect(end.getTime()).toBeGreaterThanOrEqual(start.getTime());
      expect(calendar.minutesBetween(start, end)).toBe(minutes);
      if (minutes > 0) {
        // A millisecond short of the answer is a part minute short: rounded down, one minute less.
        expect(calendar.minutesBetween(start, new Date(end.getTime() - 1))).toBe(minutes - 1);
      }
    }
  });
});

describe('businessHoursProblem', () => {
  const valid: BusinessHours = {
    time_zone: 'Europe/Berlin',
    week: { mon: WITH_LUNCH, fri: [['09:00', '24:00']], sat: [] },
    holidays: ['2026-12-25', '2028-02-29'],
  };

  it('accepts valid business hours, with or without holidays', () => {
    expect(businessHoursProblem(valid)).toBeNull();
    expect(businessHoursProblem({ time_zone: 'UTC', week: { sun: [['00:00', '24:00']] } })).toBeNull();
    expect(businessHoursProblem({ ...valid, time_zone: 'America/New_York' })).toBeNull();
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'business_hours: must be an object'],
    ['a number', 42, 'business_hours: must be an object'],
    ['an array', [valid], 'business_hours: must be an object'],
    ['an unknown key', { ...valid, extra: 1 }, 'business_hours: only time_zone, week and holidays are allowed'],
    ['no time zone', { week: valid.week }, 'business_hours.time_zone: required'],
    ['no week', { time_zone: 'UTC' }, 'business_hours.week: required'],
    ['a time zone number', { ...valid, time_zone: 1 }, 'business_hours.time_zone: must be a string'],
    ['an unknown zone', { ...valid, time_zone: 'Mars/Olympus' }, 'business_hours.time_zone: not an IANA time zone'],
    ['a fixed offset', { ...valid, time_zone: 'UTC+2' }, 'business_hours.time_zone: not an IANA time zone'],
    ['the server zone', { ...valid, time_zone: 'local' }, 'business_hours.time_zone: not an IANA time zone'],
    ['a huge zone', { ...valid, time_zone: 'A/'.repeat(500_000) }, 'business_hours.time_zone: not an IANA time zone'],
    ['a week array', { ...valid, week: [] }, 'business_hours.week: must be an object'],
    [
      'a day name in full',
      { ...valid, week: { monday: NINE_TO_FIVE } },
      'business_hours.week: keys must be weekdays (mon, tue, wed, thu, fri, sat, sun)',
    ],
    [
      'a day not an array',
      { ...valid, week: { mon: '09:00-17:00' } },
      'business_hours.week.mon: must be an array of at most 8 intervals',
    ],
    [
      'nine intervals',
      { ...valid, week: { tue: Array.from({ length: 9 }, (_, h) => [`0${h}:00`, `0${h}:30`]) } },
      'business_hours.week.tue: must be an array of at most 8 intervals',
    ],
    [
      'a triple',
      { ...valid, week: { mon: [['09:00', '12:00', '13:00']] } },
      'business_hours.week.mon[0]: must be a pair of times ["HH:MM", "HH:MM"]',
    ],
    [
      'an hour without its zero',
      { ...valid, week: { mon: [['9:00', '17:00']] } },
      'business_hours.week.mon[0]: times must be "HH:MM" from 00:00 to 23:59 (24:00 only as an end)',
    ],
    [
      'minute 60',
      { ...valid, week: { mon: [['09:00', '16:60']] } },
      'business_hours.week.mon[0]: times must be "HH:MM" from 00:00 to 23:59 (24:00 only as an end)',
    ],
    [
      '24:00 as a start',
      { ...valid, week: { sun: [['24:00', '24:00']] } },
      'business_hours.week.sun[0]: times must be "HH:MM" from 00:00 to 23:59 (24:00 only as an end)',
    ],
    [
      'a start after its end',
      { ...valid, week: { wed: [['17:00', '09:00']] } },
      'business_hours.week.wed[0]: start must be before end',
    ],
    [
      'an empty interval',
      { ...valid, week: { wed: [['09:00', '09:00']] } },
      'business_hours.week.wed[0]: start must be before end',
    ],
    [
      'overlapping intervals',
      {
        ...valid,
        week: {
          thu: [
            ['09:00', '12:00'],
            ['11:00', '17:00'],
          ],
        },
      },
      'business_hours.week.thu[1]: intervals must be sorted and must not overlap',
    ],
    [
      'unsorted intervals',
      {
        ...valid,
        week: {
          thu: [
            ['13:00', '17:00'],
            ['09:00', '12:00'],
          ],
        },
      },
      'business_hours.week.thu[1]: intervals must be sorted and must not overlap',
    ],
    [
      'no open day',
      { ...valid, week: { mon: [], sat: [] } },
      'business_hours.week: at least one day must have an interval',
    ],
    [
      'holidays not an array',
      { ...valid, holidays: '2026-12-25' },
      'business_hours.holidays: must be an array of at most 400 dates',
    ],
    [
      '401 holidays',
      { ...valid, holidays: Array.from({ length: 401 }, () => '2026-12-25') },
      'business_hours.holidays: must be an array of at most 400 dates',
    ],
    [
      'February 30',
      { ...valid, holidays: ['2026-12-25', '2026-02-30'] },
      'business_hours.holidays[1]: not a calendar date YYYY-MM-DD',
    ],
    [
      'February 29 of a common year',
      { ...valid, holidays: ['2027-02-29'] },
      'business_hours.holidays[0]: not a calendar date YYYY-MM-DD',
    ],
    [
      'a date with a time',
      { ...valid, holidays: ['2026-12-25T00:00:00Z'] },
      'business_hours.holidays[0]: not a calendar date YYYY-MM-DD',
    ],
    [
      'a duplicate holiday',
      { ...valid, holidays: ['2026-12-25', '2026-12-26', '2026-12-25'] },
      'business_hours.holidays[2]: duplicate date',
    ],
  ])('refuses %s', (_case, value, reason) => {
    expect(businessHoursProblem(value)).toBe(reason);
  });

  it('never throws, whatever it is given', () => {
    const hostile: unknown[] = [
      undefined,
      'x'.repeat(1_000_000),
      Number.NaN,
      true,
      {},
      Object.create(null),
      JSON.parse('{"__proto__": {"time_zone": "UTC"}, "week": {}}'),
      { time_zone: null, week: null, holidays: null },
      { time_zone: 'UTC', week: { mon: [null, 1, 'x'] } },
      { time_zone: 'UTC', week: { mon: [[null, undefined]] } },
      { time_zone: 'UTC', week: { mon: NINE_TO_FIVE }, holidays: [null, 20261225, ['2026-12-25']] },
      { time_zone: ['Europe/Berlin'], week: { mon: NINE_TO_FIVE } },
    ];
    for (const value of hostile) {
      expect(typeof businessHoursProblem(value)).toBe('string');
    }
  });
});
