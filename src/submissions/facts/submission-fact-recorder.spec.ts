import { Injectable } from '@nestjs/common';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { AuditService } from '../../audit/audit.service';
import { SYSTEM_ACTOR } from '../../audit/actor';
import { DataSource, EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { Transaction, Transactions } from '../../database/transactions';
import { SubmissionFactRecorder } from './submission-fact-recorder';
import {
  factsWithoutWebhookHandler,
  NewSubmissionFact,
  OnSubmissionFact,
  SubmissionFact,
  TRANSACTION_FACT_HANDLERS,
  WEBHOOK_EVENTS,
} from './submission-facts';

/** In the catalogue's order. */
const WEBHOOK_FACTS = [
  'status_changed',
  'message_received',
  'assigned',
  'flagged',
  'message_bounced',
  'sla_breached',
  'rated',
  'merged',
  'fields_changed',
] as const;

/** Boots a module of the recorder and `handlers`; answers the recorder once started. */
async function started(...handlers: (new (...args: never[]) => unknown)[]) {
  return startedWith(handlers, handlers);
}

/** As started, with `declared` as the handlers inside transactions the composition declares. */
async function startedWith(
  handlers: (new (...args: never[]) => unknown)[],
  declared: (new (...args: never[]) => unknown)[],
) {
  const module = await Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [
      SubmissionFactRecorder,
      ...handlers,
      { provide: TRANSACTION_FACT_HANDLERS, useValue: declared },
      // Audit rows are the audit room's; here each is an id, in the order asked for.
      {
        provide: AuditService,
        useValue: { recordAll: (records: unknown[]) => Promise.resolve(records.map(() => ({ id: uuidv7() }))) },
      },
    ],
  }).compile();
  // A testing module is an application context: init() runs the start-up hooks, as the service's do.
  const app = await module.init();
  return { recorder: app.get(SubmissionFactRecorder), app };
}

/** Every non-test source file under src/, relative to it. */
function sourceFiles(dir = join(__dirname, '..', '..')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(path);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('the catalogue of submission facts', () => {
  it("is the only place that spells a submission's or a message's public names (webhook events, audit actions)", () => {
    const catalogue = join(__dirname, 'submission-facts.ts');
    const elsewhere = sourceFiles()
      .filter((file) => file !== catalogue)
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/'(submission|message)\.[a-z_]+'/g)].map(
          (match) => `${relative(join(__dirname, '..', '..'), file)}: ${match[0]}`,
        ),
      );
    expect(elsewhere).toEqual([]);
  });

  it('keeps the public webhook event names, in their order', () => {
    expect(WEBHOOK_EVENTS).toEqual([
      'submission.received',
      'submission.status_changed',
      'submission.message_received',
      'submission.assigned',
      'submission.flagged',
      'message.bounced',
      'submission.sla_breached',
      'submission.rated',
      'submission.merged',
      'submission.fields_changed',
    ]);
  });

  it('names every fact a handler must send to webhooks, and none once an in-transaction handler takes them', () => {
    expect(factsWithoutWebhookHandler([])).toEqual([...WEBHOOK_FACTS]);
    expect(factsWithoutWebhookHandler([{ phase: 'in transaction', facts: WEBHOOK_FACTS, sends: 'webhooks' }])).toEqual(
      [],
    );
    // After the commit is too late for a delivery row: it would not commit with the change.
    expect(factsWithoutWebhookHandler([{ phase: 'after commit', facts: WEBHOOK_FACTS, sends: 'webhooks' }])).toEqual([
      ...WEBHOOK_FACTS,
    ]);
    // A handler that does not send webhooks does not count.
    expect(factsWithoutWebhookHandler([{ phase: 'in transaction', facts: WEBHOOK_FACTS }])).toEqual([...WEBHOOK_FACTS]);
  });
});

describe('SubmissionFactRecorder', () => {
  @Injectable()
  class WebhooksWithoutFlagged {
    @OnSubmissionFact({
      phase: 'in transaction',
      facts: ['status_changed', 'assigned', 'message_received'],
      sends: 'webhooks',
    })
    record(): Promise<void> {
      return Promise.resolve();
    }
  }

  @Injectable()
  class AllWebhooks {
    @OnSubmissionFact({ phase: 'in transaction', facts: WEBHOOK_FACTS, sends: 'webhooks' })
    record(): Promise<void> {
      return Promise.resolve();
    }
  }

  @Injectable()
  class Listener {
    readonly heard: SubmissionFact[] = [];

    @OnSubmissionFact({ phase: 'after commit', facts: ['received'] })
    fail(): void {
      throw new Error('a subscriber that fails');
    }

    @OnSubmissionFact({ phase: 'after commit', facts: ['received'] })
    hear(fact: SubmissionFact): void {
      this.heard.push(fact);
    }
  }

  it('refuses to start when a handler inside transactions is not declared, or a declared one is missing', async () => {
    await expect(startedWith([AllWebhooks, Phases], [AllWebhooks])).rejects.toThrow(
      'Submission fact handlers differ from the declared ones: Phases.inTransaction handles facts inside ' +
        'transactions but is not in FactHandlersModule; Phases.beforeCommit handles facts inside transactions ' +
        'but is not in FactHandlersModule',
    );
    await expect(startedWith([AllWebhooks], [AllWebhooks, Phases])).rejects.toThrow(
      'Submission fact handlers differ from the declared ones: Phases is in FactHandlersModule but this ' +
        'process has none of its handlers',
    );
  });

  it('refuses to start when a fact marked for webhooks has no webhook handler', async () => {
    await expect(started(WebhooksWithoutFlagged)).rejects.toThrow(
      /Submission facts marked for webhooks have no webhook handler: flagged, message_bounced, sla_breached/,
    );
  });

  it('finds the handlers at start-up and runs after-commit ones for a fact that writes nothing, past one that fails', async () => {
    const { recorder, app } = await startedWith([AllWebhooks, Listener], [AllWebhooks]);
    try {
      const fact = await recorder.announce({
        name: 'received',
        submissionId: '0193a0c2-0000-7000-8000-000000000001',
        apiKeyId: '0193a0c2-0000-7000-8000-000000000002',
        actor: SYSTEM_ACTOR,
        data: { flagged: false, slaChecksAt: [] },
      });
      expect(fact.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(app.get(Listener).heard).toEqual([fact]);
    } finally {
      await app.close();
    }
  });

  /** Transactions over a connection that only opens and commits (or rolls back, when `work` throws). */
  function transactionsWithoutDatabase(): Transactions {
    const dataSource = {
      transaction: (work: (tx: EntityManager) => Promise<unknown>) => work({} as EntityManager),
    } as unknown as DataSource;
    return new Transactions(dataSource);
  }

  const statusChanged = (n: number): NewSubmissionFact => ({
    name: 'status_changed',
    submissionId: `0193a0c2-0000-7000-8000-00000000000${n}`,
    apiKeyId: '0193a0c2-0000-7000-8000-000000000099',
    actor: SYSTEM_ACTOR,
    data: { before: 'new', after: 'open' },
  });

  /** What each phase saw, in the order it happened. */
  const seen: string[] = [];

  @Injectable()
  class Phases {
    @OnSubmissionFact({ phase: 'in transaction', facts: ['status_changed', 'assigned'] })
    inTransaction(fact: SubmissionFact): Promise<() => void> {
      seen.push(`in transaction ${fact.name} ${fact.submissionId.slice(-1)}`);
      return Promise.resolve(() => void seen.push(`follow-up of ${fact.submissionId.slice(-1)}`));
    }

    @OnSubmissionFact({ phase: 'before commit', facts: ['status_changed', 'assigned'] })
    async beforeCommit(facts: SubmissionFact[], tx: Transaction): Promise<() => void> {
      seen.push(`before commit ${facts.map((f) => `${f.name} ${f.submissionId.slice(-1)}`).join(', ')}`);
      // As a rule does: a change of its own, recorded before commit, comes in the next round.
      if (facts.some((f) => f.name === 'status_changed')) {
        await this.recorder.record({ ...statusChanged(9), name: 'assigned', data: { before: null, after: 'x' } }, tx);
      }
      return () => void seen.push('follow-up of the round');
    }

    @OnSubmissionFact({ phase: 'after commit', facts: ['status_changed', 'assigned'] })
    afterCommit(fact: SubmissionFact): void {
      seen.push(`after commit ${fact.name} ${fact.submissionId.slice(-1)}`);
    }

    recorder!: SubmissionFactRecorder;
  }

  it('runs each phase in its turn: the before-commit handler takes every fact of the transaction at once', async () => {
    const { recorder, app } = await started(AllWebhooks, Phases);
    app.get(Phases).recorder = recorder;
    seen.length = 0;
    try {
      await transactionsWithoutDatabase().run(async (tx) => {
        await recorder.record(statusChanged(1), tx);
        await recorder.record(statusChanged(2), tx);
        seen.push('the change is done');
      });
      expect(seen).toEqual([
        'in transaction status_changed 1',
        'in transaction status_changed 2',
        'the change is done',
        'before commit status_changed 1, status_changed 2',
        'in transaction assigned 9',
        'before commit assigned 9',
        'follow-up of 1',
        'after commit status_changed 1',
        'follow-up of 2',
        'after commit status_changed 2',
        // In the order they were asked for: the rule's fact was recorded while the first round ran.
        'follow-up of 9',
        'after commit assigned 9',
        'follow-up of the round',
        'follow-up of the round',
      ]);
    } finally {
      await app.close();
    }
  });

  it('runs no follow-up and no after-commit handler when the transaction rolls back', async () => {
    const { recorder, app } = await started(AllWebhooks, Phases);
    app.get(Phases).recorder = recorder;
    seen.length = 0;
    try {
      await expect(
        transactionsWithoutDatabase().run(async (tx) => {
          await recorder.record(statusChanged(1), tx);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(seen).toEqual(['in transaction status_changed 1']);
    } finally {
      await app.close();
    }
  });

  it("refuses to announce a fact that writes: it belongs in the change's transaction", async () => {
    const { recorder, app } = await started(AllWebhooks);
    try {
      await expect(recorder.announce(statusChanged(1))).rejects.toThrow(
        "The fact status_changed writes: record it in the change's transaction",
      );
    } finally {
      await app.close();
    }
  });
});
