import { FactHandlerTable, SubmissionFactRecorder } from '../src/submissions/facts/submission-fact-recorder';
import { inRole, Role } from './support/roles';

type Table = Record<keyof FactHandlerTable, Record<string, string[]>>;

/** A role's handler table, phase by phase. */
const tableOf = (role: Role): Promise<Table> =>
  inRole(role, (context) => {
    const table = context.get(SubmissionFactRecorder).handlerTable();
    return {
      'in transaction': Object.fromEntries(table['in transaction']),
      'before commit': Object.fromEntries(table['before commit']),
      'after commit': Object.fromEntries(table['after commit']),
    };
  });

/**
 * After commit, the roles differ on purpose, each difference named here: what only the intake does
 * (hand a new submission to the queue, schedule its checks), the counts cache of the staff list (API),
 * the consoles' live events (not from a command), and a redelivery's job (never from the worker).
 */
const ONLY_IN: Record<string, Role[]> = {
  'SubmissionOutbox.dispatch': ['api', 'worker'],
  'SubmissionListService.forgetCounts': ['api'],
  'LiveFactHandlers.publish': ['api', 'worker'],
  'RedeliveryService.sendAgain': ['api', 'cli'],
};

function withoutRoleSpecific(table: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(table)
      .map(([fact, handlers]) => [fact, handlers.filter((handler) => !(handler in ONLY_IN))] as const)
      .filter(([, handlers]) => handlers.length > 0),
  );
}

describe('the handlers of submission facts in every role', () => {
  let tables: Record<Role, Table>;

  beforeAll(async () => {
    tables = { api: await tableOf('api'), worker: await tableOf('worker'), cli: await tableOf('cli') };
  }, 60_000);

  it('runs the same handlers inside transactions, in the same order, in the API, the worker and the CLI', () => {
    for (const phase of ['in transaction', 'before commit'] as const) {
      expect({ phase, table: tables.worker[phase] }).toEqual({ phase, table: tables.api[phase] });
      expect({ phase, table: tables.cli[phase] }).toEqual({ phase, table: tables.api[phase] });
    }
    // Every kind of write a change commits with is there (a role that missed a module would lack one).
    expect(tables.api['before commit'].status_changed).toEqual([
      'SlaTracker.followChange',
      'RuleRunner.follow',
      'ReportStaleDays.followChange',
      'WebhookFactHandlers.recordDeliveries',
    ]);
    expect(tables.api['in transaction'].merged).toEqual(['ConversationMerges.moveTimeline']);
  });

  it('differs after commit only where a role does something the others never do, each named', () => {
    for (const role of ['api', 'worker', 'cli'] as const) {
      expect({ role, table: withoutRoleSpecific(tables[role]['after commit']) }).toEqual({
        role,
        table: withoutRoleSpecific(tables.api['after commit']),
      });
      const specific = new Set(
        Object.values(tables[role]['after commit'])
          .flat()
          .filter((h) => h in ONLY_IN),
      );
      expect({ role, handlers: [...specific].sort() }).toEqual({
        role,
        handlers: Object.keys(ONLY_IN)
          .filter((handler) => ONLY_IN[handler].includes(role))
          .sort(),
      });
    }
  });
});
