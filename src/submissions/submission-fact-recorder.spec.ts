import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { AuditService } from '../audit/audit.service';
import { SYSTEM_ACTOR } from '../audit/actor';
import { Transactions } from '../database/transactions';
import { SubmissionFactRecorder } from './submission-fact-recorder';
import { factsWithoutWebhookHandler, OnSubmissionFact, SubmissionFact, WEBHOOK_EVENTS } from './submission-facts';

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
] as const;

/** Boots a module of the recorder and `handlers`; answers the recorder once started. */
async function started(...handlers: (new (...args: never[]) => unknown)[]) {
  const module = await Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [
      SubmissionFactRecorder,
      ...handlers,
      { provide: AuditService, useValue: {} },
      { provide: Transactions, useValue: {} },
    ],
  }).compile();
  // A testing module is an application context: init() runs the start-up hooks, as the service's do.
  const app = await module.init();
  return { recorder: app.get(SubmissionFactRecorder), app };
}

describe('the catalogue of submission facts', () => {
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

  it('refuses to start when a fact marked for webhooks has no webhook handler', async () => {
    await expect(started(WebhooksWithoutFlagged)).rejects.toThrow(
      /Submission facts marked for webhooks have no webhook handler: flagged, message_bounced, sla_breached/,
    );
  });

  it('finds the handlers at start-up and runs after-commit ones for a fact that writes nothing, past one that fails', async () => {
    const { recorder, app } = await started(AllWebhooks, Listener);
    try {
      const fact = await recorder.record({
        name: 'received',
        submissionId: '0193a0c2-0000-7000-8000-000000000001',
        apiKeyId: '0193a0c2-0000-7000-8000-000000000002',
        actor: SYSTEM_ACTOR,
        data: { flagged: false },
      });
      expect(fact.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(app.get(Listener).heard).toEqual([fact]);
    } finally {
      await app.close();
    }
  });
});
