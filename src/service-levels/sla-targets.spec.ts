import { BusinessCalendar, BusinessHours } from './business-calendar';
import { SlaPolicyEntity, SlaPolicyScope } from './entities/sla-policy.entity';
import { activePolicyOf } from './sla-policy-cache';
import {
  ActivePolicy,
  checkTimesOf,
  choosePolicy,
  fieldKeysOf,
  dueBreaches,
  sameSla,
  slaColumnsOf,
  SlaSubject,
} from './sla-targets';
import { NO_SLA, SubmissionSlaColumns } from '../submissions/lifecycle/submission-intake.repository';

// Expected instants are worked out by hand in the comments. 2026-01-01 is a Thursday, so 2026-01-05 is a
// Monday, 2026-01-09 a Friday and 2026-01-12 the Monday after; Berlin is CET (UTC+1) all January, so
// 09:00 Berlin is 08:00Z and 17:00 Berlin is 16:00Z.

const at = (iso: string): Date => new Date(iso);

/** Monday 2026-01-05 10:00Z: when the around-the-clock submissions arrive. */
const CREATED = at('2026-01-05T10:00:00Z');

function entity(overrides: Partial<SlaPolicyEntity> = {}): SlaPolicyEntity {
  return {
    id: 'policy-a',
    name: 'Standard',
    position: 0,
    firstResponseMinutes: 60,
    resolutionMinutes: 480,
    businessHours: null,
    appliesTo: {},
    createdAt: at('2025-12-01T00:00:00Z'),
    updatedAt: at('2025-12-01T00:00:00Z'),
    ...overrides,
  };
}

/** A policy built by hand: its calendar from its business hours, its conditions as given (null: any). */
function active(
  overrides: Partial<SlaPolicyEntity> = {},
  conditions: { apiKeyIds?: string[]; priorities?: string[]; tagKeys?: string[] } = {},
): ActivePolicy {
  const policy = entity(overrides);
  return {
    policy,
    calendar: BusinessCalendar.of(policy.businessHours),
    apiKeyIds: conditions.apiKeyIds ? new Set(conditions.apiKeyIds) : null,
    priorities: conditions.priorities ? new Set(conditions.priorities) : null,
    tagKeys: conditions.tagKeys ? new Set(conditions.tagKeys) : null,
    fields: null,
  };
}

/** A policy as the cache makes it from a stored row. */
function stored(id: string, appliesTo: SlaPolicyScope): ActivePolicy {
  return activePolicyOf(entity({ id, name: id, appliesTo }));
}

function subject(overrides: Partial<SlaSubject> = {}): SlaSubject {
  return {
    apiKeyId: 'key-1',
    priority: 'normal',
    tagKeys: [],
    status: 'new',
    createdAt: CREATED,
    firstResponseAt: null,
    current: NO_SLA,
    ...overrides,
  };
}

function columns(overrides: Partial<SubmissionSlaColumns> = {}): SubmissionSlaColumns {
  return { ...NO_SLA, ...overrides };
}

/** Policy A around the clock (60 / 480 minutes), for a submission created at CREATED. */
const STANDARD = active();
/** CREATED + 60 minutes. */
const FIRST_RESPONSE_DUE = at('2026-01-05T11:00:00Z');
/** CREATED + 480 minutes (8 hours). */
const RESOLUTION_DUE = at('2026-01-05T18:00:00Z');

/** What a new submission holds under STANDARD. */
const FRESH: SubmissionSlaColumns = {
  slaPolicyId: 'policy-a',
  firstResponseDueAt: FIRST_RESPONSE_DUE,
  resolutionDueAt: RESOLUTION_DUE,
  firstResponseBreachedAt: null,
  resolutionBreachedAt: null,
  slaPausedAt: null,
  slaPausedMinutes: 0,
  slaDueAt: FIRST_RESPONSE_DUE,
  slaCheckAt: FIRST_RESPONSE_DUE,
};

const BERLIN_OFFICE: BusinessHours = {
  time_zone: 'Europe/Berlin',
  week: {
    mon: [['09:00', '17:00']],
    tue: [['09:00', '17:00']],
    wed: [['09:00', '17:00']],
    thu: [['09:00', '17:00']],
    fri: [['09:00', '17:00']],
  },
  holidays: [],
};

describe('choosePolicy', () => {
  it('takes the first policy in array order that matches, whatever its position says', () => {
    const first = active({ id: 'first', position: 9 });
    const second = active({ id: 'second', position: 1 });
    expect(choosePolicy([first, second], subject())).toBe(first);
    expect(choosePolicy([second, first], subject())).toBe(second);
  });

  it('passes over policies that do not match to a later one that does', () => {
    const urgentOnly = active({ id: 'urgent' }, { priorities: ['urgent'] });
    const fallback = active({ id: 'fallback' });
    expect(choosePolicy([urgentOnly, fallback], subject({ priority: 'low' }))).toBe(fallback);
  });

  it('matches on the api key', () => {
    const policy = active({}, { apiKeyIds: ['key-1', 'key-3'] });
    expect(choosePolicy([policy], subject({ apiKeyId: 'key-1' }))).toBe(policy);
    expect(choosePolicy([policy], subject({ apiKeyId: 'key-3' }))).toBe(policy);
    expect(choosePolicy([policy], subject({ apiKeyId: 'key-2' }))).toBeNull();
  });

  it('matches on the priority', () => {
    const policy = active({}, { priorities: ['high', 'urgent'] });
    expect(choosePolicy([policy], subject({ priority: 'high' }))).toBe(policy);
    expect(choosePolicy([policy], subject({ priority: 'urgent' }))).toBe(policy);
    expect(choosePolicy([policy], subject({ priority: 'normal' }))).toBeNull();
  });

  it('matches when any one of the labels is among its tags', () => {
    const policy = active({}, { tagKeys: ['vip', 'billing'] });
    expect(choosePolicy([policy], subject({ tagKeys: ['other', 'billing'] }))).toBe(policy);
    expect(choosePolicy([policy], subject({ tagKeys: ['other'] }))).toBeNull();
    // A tag condition and no labels at all: no match.
    expect(choosePolicy([policy], subject({ tagKeys: [] }))).toBeNull();
  });

  it('matches a tag the policy spells in another letter case (both in compared form)', () => {
    // activePolicyOf folds the policy's 'VIP' and 'Straße' to 'vip' and 'strasse' (tagKey: upper, then lower).
    const policy = stored('vip', { tags: ['VIP', 'Straße'] });
    expect(policy.tagKeys).toEqual(new Set(['vip', 'strasse']));
    expect(choosePolicy([policy], subject({ tagKeys: ['vip'] }))).toBe(policy);
    expect(choosePolicy([policy], subject({ tagKeys: ['strasse'] }))).toBe(policy);
    expect(choosePolicy([policy], subject({ tagKeys: ['vips'] }))).toBeNull();
  });

  it('reads empty condition lists of a stored policy as "any"', () => {
    const policy = stored('any', { api_key_ids: [], priorities: [], tags: [] });
    expect(choosePolicy([policy], subject({ apiKeyId: 'key-9', priority: 'low' }))).toBe(policy);
  });

  it('needs every condition to match when several are given', () => {
    const strict = active({ id: 'strict' }, { apiKeyIds: ['key-1'], priorities: ['urgent'], tagKeys: ['vip'] });
    const fallback = active({ id: 'fallback' });
    const policies = [strict, fallback];
    const matching = { apiKeyId: 'key-1', priority: 'urgent', tagKeys: ['vip'] } as const;
    expect(choosePolicy(policies, subject({ ...matching, tagKeys: ['vip'] }))).toBe(strict);
    // One condition off at a time: the next policy applies.
    expect(choosePolicy(policies, subject({ ...matching, tagKeys: ['vip'], apiKeyId: 'key-2' }))).toBe(fallback);
    expect(choosePolicy(policies, subject({ ...matching, tagKeys: ['vip'], priority: 'high' }))).toBe(fallback);
    expect(choosePolicy(policies, subject({ ...matching, tagKeys: ['billing'] }))).toBe(fallback);
  });

  it("matches on custom fields' stored values, every one given (a multi_select by one of its choices)", () => {
    const policy = stored('pro', { fields: { product: 'Pro', topics: 'Billing', consent: true } });
    expect(policy.fields).toEqual([
      ['product', 'Pro'],
      ['topics', 'Billing'],
      ['consent', 'true'],
    ]);
    const keys = fieldKeysOf([
      { name: 'product', valueKey: 'Pro' },
      { name: 'topics', valueKey: 'Shipping' },
      { name: 'topics', valueKey: 'Billing' },
      { name: 'consent', valueKey: 'true' },
      // A personal field's row has no value_key: never compared.
      { name: 'notes', valueKey: null },
    ]);
    expect(keys.has('notes')).toBe(false);
    expect(choosePolicy([policy], subject({ fieldKeys: keys }))).toBe(policy);
    const other = new Map(keys);
    other.set('product', ['Basic']);
    expect(choosePolicy([policy], subject({ fieldKeys: other }))).toBeNull();
    other.set('product', ['pro']);
    expect(choosePolicy([policy], subject({ fieldKeys: other }))).toBeNull();
    const without = new Map(keys);
    without.delete('consent');
    expect(choosePolicy([policy], subject({ fieldKeys: without }))).toBeNull();
    expect(choosePolicy([policy], subject())).toBeNull();
    expect(stored('none', { fields: {} }).fields).toBeNull();
  });

  it('answers null when none matches, or there are none', () => {
    const policies = [active({ id: 'a' }, { apiKeyIds: ['key-2'] }), active({ id: 'b' }, { priorities: ['low'] })];
    expect(choosePolicy(policies, subject({ apiKeyId: 'key-1', priority: 'high' }))).toBeNull();
    expect(choosePolicy([], subject())).toBeNull();
  });
});

describe('slaColumnsOf', () => {
  describe('no service level', () => {
    it('holds none when no policy applies', () => {
      expect(slaColumnsOf(null, subject(), CREATED)).toEqual(NO_SLA);
    });

    it('holds none for spam, whatever it held before', () => {
      const current = { ...FRESH, firstResponseBreachedAt: FIRST_RESPONSE_DUE, slaPausedMinutes: 30 };
      expect(slaColumnsOf(STANDARD, subject({ status: 'spam', current }), at('2026-01-05T12:00:00Z'))).toEqual(NO_SLA);
    });
  });

  describe('around the clock', () => {
    it('sets a new submission its due times from creation, the earliest as due and check time', () => {
      expect(slaColumnsOf(STANDARD, subject(), CREATED)).toEqual(FRESH);
    });

    it('counts from creation, not from now', () => {
      // Computed an hour after creation: the due times are still CREATED + 60 and + 480 minutes.
      expect(slaColumnsOf(STANDARD, subject({ status: 'open', current: FRESH }), at('2026-01-05T11:00:00Z'))).toEqual(
        FRESH,
      );
    });

    it('takes the earliest due time even when it is the resolution', () => {
      // First response 600 minutes (20:00Z), resolution 120 minutes (12:00Z): 12:00Z is the earliest.
      const policy = active({ firstResponseMinutes: 600, resolutionMinutes: 120 });
      const result = slaColumnsOf(policy, subject(), CREATED);
      expect(result.firstResponseDueAt).toEqual(at('2026-01-05T20:00:00Z'));
      expect(result.resolutionDueAt).toEqual(at('2026-01-05T12:00:00Z'));
      expect(result.slaDueAt).toEqual(at('2026-01-05T12:00:00Z'));
      expect(result.slaCheckAt).toEqual(at('2026-01-05T12:00:00Z'));
    });

    it('sets only a resolution target when the policy has no first-response target', () => {
      const policy = active({ firstResponseMinutes: null, resolutionMinutes: 120 });
      // CREATED + 120 minutes = 12:00Z.
      expect(slaColumnsOf(policy, subject(), CREATED)).toEqual({
        ...FRESH,
        firstResponseDueAt: null,
        resolutionDueAt: at('2026-01-05T12:00:00Z'),
        slaDueAt: at('2026-01-05T12:00:00Z'),
        slaCheckAt: at('2026-01-05T12:00:00Z'),
      });
    });

    it('sets only a first-response target when the policy has no resolution target', () => {
      const policy = active({ firstResponseMinutes: 30, resolutionMinutes: null });
      // CREATED + 30 minutes = 10:30Z.
      expect(slaColumnsOf(policy, subject(), CREATED)).toEqual({
        ...FRESH,
        firstResponseDueAt: at('2026-01-05T10:30:00Z'),
        resolutionDueAt: null,
        slaDueAt: at('2026-01-05T10:30:00Z'),
        slaCheckAt: at('2026-01-05T10:30:00Z'),
      });
    });

    it('owes nothing under a policy with no targets', () => {
      const policy = active({ firstResponseMinutes: null, resolutionMinutes: null });
      expect(slaColumnsOf(policy, subject(), CREATED)).toEqual({
        ...FRESH,
        firstResponseDueAt: null,
        resolutionDueAt: null,
        slaDueAt: null,
        slaCheckAt: null,
      });
    });

    it('pauses the resolution clock when pending, the first response still owed', () => {
      const now = at('2026-01-05T10:30:00Z');
      expect(slaColumnsOf(STANDARD, subject({ status: 'pending', current: FRESH }), now)).toEqual({
        ...FRESH,
        resolutionDueAt: null,
        slaPausedAt: now,
        slaPausedMinutes: 0,
        slaDueAt: FIRST_RESPONSE_DUE,
        slaCheckAt: FIRST_RESPONSE_DUE,
      });
    });

    it('owes nothing while pending once the first response is given', () => {
      const now = at('2026-01-05T10:30:00Z');
      const result = slaColumnsOf(
        STANDARD,
        subject({ status: 'pending', firstResponseAt: at('2026-01-05T10:20:00Z'), current: FRESH }),
        now,
      );
      expect(result.resolutionDueAt).toBeNull();
      expect(result.slaPausedAt).toEqual(now);
      expect(result.slaDueAt).toBeNull();
      expect(result.slaCheckAt).toBeNull();
    });

    it('keeps the time a pause began while it stays paused', () => {
      const pausedAt = at('2026-01-05T10:30:00Z');
      const current = { ...FRESH, resolutionDueAt: null, slaPausedAt: pausedAt };
      const result = slaColumnsOf(STANDARD, subject({ status: 'pending', current }), at('2026-01-05T11:30:00Z'));
      expect(result.slaPausedAt).toEqual(pausedAt);
      expect(result.slaPausedMinutes).toBe(0);
    });

    it('adds the paused minutes to the resolution due time when open again', () => {
      // Paused 10:30Z to 12:00Z: 90 minutes. Resolution due 18:00Z + 90 minutes = 19:30Z.
      const current = { ...FRESH, resolutionDueAt: null, slaPausedAt: at('2026-01-05T10:30:00Z') };
      const result = slaColumnsOf(
        STANDARD,
        subject({ status: 'open', firstResponseAt: at('2026-01-05T10:20:00Z'), current }),
        at('2026-01-05T12:00:00Z'),
      );
      expect(result).toEqual({
        ...FRESH,
        resolutionDueAt: at('2026-01-05T19:30:00Z'),
        slaPausedAt: null,
        slaPausedMinutes: 90,
        // The first response is given: only the resolution is owed.
        slaDueAt: at('2026-01-05T19:30:00Z'),
        slaCheckAt: at('2026-01-05T19:30:00Z'),
      });
    });

    it('adds each pause to the minutes paused before', () => {
      // 30 minutes paused before; paused again 13:00Z to 13:45Z: 45 more, 75 in all.
      // Resolution due 18:00Z + 75 minutes = 19:15Z.
      const current = {
        ...FRESH,
        resolutionDueAt: null,
        slaPausedAt: at('2026-01-05T13:00:00Z'),
        slaPausedMinutes: 30,
      };
      const result = slaColumnsOf(STANDARD, subject({ status: 'open', current }), at('2026-01-05T13:45:00Z'));
      expect(result.slaPausedMinutes).toBe(75);
      expect(result.slaPausedAt).toBeNull();
      expect(result.resolutionDueAt).toEqual(at('2026-01-05T19:15:00Z'));
      // The first response (11:00Z) is still owed and earlier.
      expect(result.slaDueAt).toEqual(FIRST_RESPONSE_DUE);
    });

    it('counts only whole paused minutes', () => {
      // Paused 10:30:00Z to 10:40:59Z: 10 minutes and 59 seconds count as 10.
      const current = { ...FRESH, resolutionDueAt: null, slaPausedAt: at('2026-01-05T10:30:00Z') };
      const result = slaColumnsOf(STANDARD, subject({ status: 'open', current }), at('2026-01-05T10:40:59Z'));
      expect(result.slaPausedMinutes).toBe(10);
      // 18:00Z + 10 minutes.
      expect(result.resolutionDueAt).toEqual(at('2026-01-05T18:10:00Z'));
    });

    it('owes nothing once closed, keeping the resolution due time it had', () => {
      // Open with 90 minutes paused before: resolution due 19:30Z. Closed at 13:00Z.
      const current = {
        ...FRESH,
        resolutionDueAt: at('2026-01-05T19:30:00Z'),
        slaPausedMinutes: 90,
        slaDueAt: at('2026-01-05T19:30:00Z'),
        slaCheckAt: at('2026-01-05T19:30:00Z'),
      };
      const now = at('2026-01-05T13:00:00Z');
      expect(
        slaColumnsOf(
          STANDARD,
          subject({ status: 'closed', firstResponseAt: at('2026-01-05T10:20:00Z'), current }),
          now,
        ),
      ).toEqual({
        ...FRESH,
        resolutionDueAt: at('2026-01-05T19:30:00Z'),
        slaPausedAt: now,
        slaPausedMinutes: 90,
        slaDueAt: null,
        slaCheckAt: null,
      });
    });

    it('owes no first response once closed without one', () => {
      const result = slaColumnsOf(STANDARD, subject({ status: 'closed', current: FRESH }), at('2026-01-05T10:30:00Z'));
      expect(result.firstResponseDueAt).toEqual(FIRST_RESPONSE_DUE);
      expect(result.resolutionDueAt).toEqual(RESOLUTION_DUE);
      expect(result.slaDueAt).toBeNull();
      expect(result.slaCheckAt).toBeNull();
    });

    it('adds the time closed when reopened', () => {
      // Closed 13:00Z to 15:00Z: 120 minutes, 90 paused before: 210. Resolution due 18:00Z + 210 minutes = 21:30Z.
      const current = {
        ...FRESH,
        resolutionDueAt: at('2026-01-05T19:30:00Z'),
        slaPausedAt: at('2026-01-05T13:00:00Z'),
        slaPausedMinutes: 90,
        slaDueAt: null,
        slaCheckAt: null,
      };
      const result = slaColumnsOf(
        STANDARD,
        subject({ status: 'open', firstResponseAt: at('2026-01-05T10:20:00Z'), current }),
        at('2026-01-05T15:00:00Z'),
      );
      expect(result.slaPausedMinutes).toBe(210);
      expect(result.slaPausedAt).toBeNull();
      expect(result.resolutionDueAt).toEqual(at('2026-01-05T21:30:00Z'));
      expect(result.slaDueAt).toEqual(at('2026-01-05T21:30:00Z'));
      expect(result.slaCheckAt).toEqual(at('2026-01-05T21:30:00Z'));
    });

    it('drops the first-response target once given', () => {
      const result = slaColumnsOf(
        STANDARD,
        subject({ status: 'open', firstResponseAt: at('2026-01-05T10:20:00Z'), current: FRESH }),
        at('2026-01-05T10:20:00Z'),
      );
      // The due time stays recorded, but only the resolution (18:00Z) is owed.
      expect(result).toEqual({ ...FRESH, slaDueAt: RESOLUTION_DUE, slaCheckAt: RESOLUTION_DUE });
    });

    it('keeps the breaches recorded under the same policy; a breached target is due but not checked', () => {
      const current = { ...FRESH, firstResponseBreachedAt: FIRST_RESPONSE_DUE, slaCheckAt: RESOLUTION_DUE };
      const result = slaColumnsOf(STANDARD, subject({ status: 'open', current }), at('2026-01-05T12:00:00Z'));
      expect(result.firstResponseBreachedAt).toEqual(FIRST_RESPONSE_DUE);
      expect(result.resolutionBreachedAt).toBeNull();
      // The breached first response is still owed (and earliest); the next check is the resolution.
      expect(result.slaDueAt).toEqual(FIRST_RESPONSE_DUE);
      expect(result.slaCheckAt).toEqual(RESOLUTION_DUE);
    });

    it('checks nothing once both targets are breached, yet both stay due', () => {
      const current = {
        ...FRESH,
        firstResponseBreachedAt: FIRST_RESPONSE_DUE,
        resolutionBreachedAt: RESOLUTION_DUE,
      };
      const result = slaColumnsOf(STANDARD, subject({ status: 'open', current }), at('2026-01-05T19:00:00Z'));
      expect(result.firstResponseBreachedAt).toEqual(FIRST_RESPONSE_DUE);
      expect(result.resolutionBreachedAt).toEqual(RESOLUTION_DUE);
      expect(result.slaDueAt).toEqual(FIRST_RESPONSE_DUE);
      expect(result.slaCheckAt).toBeNull();
    });

    it('starts afresh under another policy, clearing the breaches', () => {
      const current = {
        ...FRESH,
        firstResponseBreachedAt: FIRST_RESPONSE_DUE,
        resolutionBreachedAt: RESOLUTION_DUE,
      };
      // Policy B: 240 / 1440 minutes from CREATED: 14:00Z and the next day 10:00Z.
      const urgent = active({ id: 'policy-b', firstResponseMinutes: 240, resolutionMinutes: 1440 });
      expect(slaColumnsOf(urgent, subject({ status: 'open', current }), at('2026-01-05T19:00:00Z'))).toEqual({
        ...FRESH,
        slaPolicyId: 'policy-b',
        firstResponseDueAt: at('2026-01-05T14:00:00Z'),
        resolutionDueAt: at('2026-01-06T10:00:00Z'),
        firstResponseBreachedAt: null,
        resolutionBreachedAt: null,
        slaDueAt: at('2026-01-05T14:00:00Z'),
        slaCheckAt: at('2026-01-05T14:00:00Z'),
      });
    });
  });

  describe('in business hours (Berlin, Monday to Friday 09:00-17:00)', () => {
    const office = active({
      id: 'office',
      businessHours: BERLIN_OFFICE,
      firstResponseMinutes: 60,
      resolutionMinutes: 480,
    });
    /** Friday 2026-01-09 14:00 Berlin. */
    const friday = at('2026-01-09T13:00:00Z');

    it('counts only business minutes to the due times', () => {
      // First response: 14:00 + 60 = 15:00 Berlin (14:00Z). Resolution: 180 minutes on Friday (14:00-17:00),
      // the other 300 on Monday from 09:00: 14:00 Berlin on 2026-01-12 (13:00Z).
      expect(slaColumnsOf(office, subject({ createdAt: friday }), friday)).toEqual({
        ...FRESH,
        slaPolicyId: 'office',
        firstResponseDueAt: at('2026-01-09T14:00:00Z'),
        resolutionDueAt: at('2026-01-12T13:00:00Z'),
        slaDueAt: at('2026-01-09T14:00:00Z'),
        slaCheckAt: at('2026-01-09T14:00:00Z'),
      });
    });

    it('adds only the business minutes of a pause across the weekend', () => {
      // Pending from Friday 16:00 Berlin (15:00Z) to Monday 10:00 Berlin (09:00Z): 60 business minutes on
      // Friday and 60 on Monday, 120 (not the 66 hours between). Resolution: 480 + 120 = 600 business minutes
      // from Friday 14:00: 180 on Friday, 420 on Monday from 09:00: 16:00 Berlin (15:00Z).
      const current = {
        ...FRESH,
        slaPolicyId: 'office',
        firstResponseDueAt: at('2026-01-09T14:00:00Z'),
        resolutionDueAt: null,
        slaPausedAt: at('2026-01-09T15:00:00Z'),
      };
      const result = slaColumnsOf(
        office,
        subject({ createdAt: friday, status: 'open', firstResponseAt: at('2026-01-09T13:30:00Z'), current }),
        at('2026-01-12T09:00:00Z'),
      );
      expect(result).toEqual({
        ...current,
        resolutionDueAt: at('2026-01-12T15:00:00Z'),
        slaPausedAt: null,
        slaPausedMinutes: 120,
        slaDueAt: at('2026-01-12T15:00:00Z'),
        slaCheckAt: at('2026-01-12T15:00:00Z'),
      });
    });

    it('adds nothing for a pause entirely outside business hours', () => {
      // Pending from Friday 18:00 Berlin (17:00Z) to Monday 08:30 Berlin (07:30Z): no business minute.
      const current = {
        ...FRESH,
        slaPolicyId: 'office',
        resolutionDueAt: null,
        slaPausedAt: at('2026-01-09T17:00:00Z'),
      };
      const result = slaColumnsOf(
        office,
        subject({ createdAt: friday, status: 'open', current }),
        at('2026-01-12T07:30:00Z'),
      );
      expect(result.slaPausedMinutes).toBe(0);
      // As at creation: Monday 14:00 Berlin.
      expect(result.resolutionDueAt).toEqual(at('2026-01-12T13:00:00Z'));
    });
  });
});

describe('dueBreaches', () => {
  const open = { status: 'open', firstResponseAt: null } as const;

  it('finds nothing before the first due time', () => {
    const result = dueBreaches(FRESH, open, at('2026-01-05T10:59:59.999Z'));
    expect(result.breached).toEqual([]);
    expect(result.columns).toEqual(FRESH);
  });

  it('records a target as breached at exactly its due time', () => {
    const result = dueBreaches(FRESH, open, FIRST_RESPONSE_DUE);
    expect(result.breached).toEqual([{ target: 'first_response', dueAt: FIRST_RESPONSE_DUE }]);
    expect(result.columns).toEqual({
      ...FRESH,
      firstResponseBreachedAt: FIRST_RESPONSE_DUE,
      // Still owed, so still due; the next check is the resolution.
      slaDueAt: FIRST_RESPONSE_DUE,
      slaCheckAt: RESOLUTION_DUE,
    });
  });

  it('records the due time as the breach time however late the check runs', () => {
    // Checked at 14:00Z, three hours after the first response was due (11:00Z).
    const result = dueBreaches(FRESH, open, at('2026-01-05T14:00:00Z'));
    expect(result.breached).toEqual([{ target: 'first_response', dueAt: FIRST_RESPONSE_DUE }]);
    expect(result.columns.firstResponseBreachedAt).toEqual(FIRST_RESPONSE_DUE);
  });

  it('records both targets at once when both are due', () => {
    const result = dueBreaches(FRESH, open, at('2026-01-05T20:00:00Z'));
    expect(result.breached).toEqual([
      { target: 'first_response', dueAt: FIRST_RESPONSE_DUE },
      { target: 'resolution', dueAt: RESOLUTION_DUE },
    ]);
    expect(result.columns).toEqual({
      ...FRESH,
      firstResponseBreachedAt: FIRST_RESPONSE_DUE,
      resolutionBreachedAt: RESOLUTION_DUE,
      slaDueAt: FIRST_RESPONSE_DUE,
      slaCheckAt: null,
    });
  });

  it('does not record a target breached before again', () => {
    const current = { ...FRESH, firstResponseBreachedAt: FIRST_RESPONSE_DUE, slaCheckAt: RESOLUTION_DUE };
    const result = dueBreaches(current, open, at('2026-01-05T20:00:00Z'));
    expect(result.breached).toEqual([{ target: 'resolution', dueAt: RESOLUTION_DUE }]);
    expect(result.columns.firstResponseBreachedAt).toEqual(FIRST_RESPONSE_DUE);
    expect(result.columns.resolutionBreachedAt).toEqual(RESOLUTION_DUE);
    expect(result.columns.slaCheckAt).toBeNull();

    const again = dueBreaches(result.columns, open, at('2026-01-05T21:00:00Z'));
    expect(again.breached).toEqual([]);
    expect(again.columns).toEqual(result.columns);
  });

  it('records nothing once closed', () => {
    const result = dueBreaches(FRESH, { status: 'closed', firstResponseAt: null }, at('2026-01-05T20:00:00Z'));
    expect(result.breached).toEqual([]);
    expect(result.columns).toEqual(FRESH);
  });

  it('records nothing for spam', () => {
    const result = dueBreaches(FRESH, { status: 'spam', firstResponseAt: null }, at('2026-01-05T20:00:00Z'));
    expect(result.breached).toEqual([]);
  });

  it('records a missed first response while pending, never the resolution', () => {
    // Columns that still name a resolution due time: pending does not owe it all the same.
    const result = dueBreaches(FRESH, { status: 'pending', firstResponseAt: null }, at('2026-01-05T20:00:00Z'));
    expect(result.breached).toEqual([{ target: 'first_response', dueAt: FIRST_RESPONSE_DUE }]);
    expect(result.columns.resolutionBreachedAt).toBeNull();
    // Pending owes nothing else: nothing left to check.
    expect(result.columns.slaCheckAt).toBeNull();
    expect(result.columns.slaDueAt).toEqual(FIRST_RESPONSE_DUE);
  });

  it('records no first response once one is given', () => {
    const result = dueBreaches(
      FRESH,
      { status: 'open', firstResponseAt: at('2026-01-05T11:30:00Z') },
      at('2026-01-05T20:00:00Z'),
    );
    expect(result.breached).toEqual([{ target: 'resolution', dueAt: RESOLUTION_DUE }]);
    expect(result.columns.firstResponseBreachedAt).toBeNull();
  });

  it('records a new submission like an open one', () => {
    const result = dueBreaches(FRESH, { status: 'new', firstResponseAt: null }, FIRST_RESPONSE_DUE);
    expect(result.breached).toEqual([{ target: 'first_response', dueAt: FIRST_RESPONSE_DUE }]);
  });

  it('records nothing without a service level', () => {
    expect(dueBreaches(NO_SLA, open, at('2026-01-05T20:00:00Z')).breached).toEqual([]);
  });
});

describe('checkTimesOf', () => {
  it('lists each due time owed and not yet breached', () => {
    expect(checkTimesOf(FRESH, { status: 'new', firstResponseAt: null })).toEqual([FIRST_RESPONSE_DUE, RESOLUTION_DUE]);
  });

  it('leaves out a breached target', () => {
    const current = { ...FRESH, firstResponseBreachedAt: FIRST_RESPONSE_DUE };
    expect(checkTimesOf(current, { status: 'open', firstResponseAt: null })).toEqual([RESOLUTION_DUE]);
  });

  it('leaves out a first response given', () => {
    expect(checkTimesOf(FRESH, { status: 'open', firstResponseAt: at('2026-01-05T10:20:00Z') })).toEqual([
      RESOLUTION_DUE,
    ]);
  });

  it('lists only the first response while pending', () => {
    expect(checkTimesOf(FRESH, { status: 'pending', firstResponseAt: null })).toEqual([FIRST_RESPONSE_DUE]);
  });

  it('lists nothing once closed, for spam, or without a service level', () => {
    expect(checkTimesOf(FRESH, { status: 'closed', firstResponseAt: null })).toEqual([]);
    expect(checkTimesOf(FRESH, { status: 'spam', firstResponseAt: null })).toEqual([]);
    expect(checkTimesOf(NO_SLA, { status: 'open', firstResponseAt: null })).toEqual([]);
  });
});

describe('sameSla', () => {
  /** FRESH with every Date a new object of the same time. */
  const copy = (value: SubmissionSlaColumns): SubmissionSlaColumns =>
    Object.fromEntries(
      Object.entries(value).map(([key, field]) => [key, field instanceof Date ? new Date(field.getTime()) : field]),
    ) as unknown as SubmissionSlaColumns;

  it('compares dates by their time, not their identity', () => {
    const twin = copy(FRESH);
    expect(twin.firstResponseDueAt).not.toBe(FRESH.firstResponseDueAt);
    expect(sameSla(FRESH, twin)).toBe(true);
    expect(sameSla(NO_SLA, columns())).toBe(true);
  });

  it('tells a date that differs', () => {
    expect(sameSla(FRESH, { ...FRESH, resolutionDueAt: at('2026-01-05T18:00:00.001Z') })).toBe(false);
  });

  it('tells a date from null', () => {
    expect(sameSla(FRESH, { ...FRESH, slaCheckAt: null })).toBe(false);
    expect(sameSla({ ...FRESH, slaPausedAt: null }, { ...FRESH, slaPausedAt: at('2026-01-05T10:30:00Z') })).toBe(false);
  });

  it('tells another policy or other paused minutes', () => {
    expect(sameSla(FRESH, { ...FRESH, slaPolicyId: 'policy-b' })).toBe(false);
    expect(sameSla(FRESH, { ...FRESH, slaPausedMinutes: 1 })).toBe(false);
    expect(sameSla(NO_SLA, FRESH)).toBe(false);
  });
});
