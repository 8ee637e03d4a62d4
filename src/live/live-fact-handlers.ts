import { Injectable } from '@nestjs/common';
import {
  OnSubmissionFact,
  routeOf,
  SUBMISSION_FACT_NAMES,
  SubmissionFact,
} from '../submissions/facts/submission-facts';
import { LiveEvents } from './live-events';

/** The facts the console hears of, each as the catalogue names its live event. */
const LIVE_FACTS = SUBMISSION_FACT_NAMES.filter((name) => routeOf(name).live);

/**
 * Live events' part in a submission's facts: once a fact has committed, its live event (the catalogue
 * names it) goes to every console. A change of several fields is several facts of one version: the
 * consoles hear it once.
 */
@Injectable()
export class LiveFactHandlers {
  private lastPublished = '';

  constructor(private readonly events: LiveEvents) {}

  @OnSubmissionFact({ phase: 'after commit', facts: LIVE_FACTS })
  publish(fact: SubmissionFact): void {
    // Spam stays out of staff's way: no console hears of it arriving (the Spam tab shows it when asked).
    if (fact.name === 'received' && fact.data.flagged) {
      return;
    }
    const type = routeOf(fact.name).live!;
    if (fact.version !== undefined) {
      const key = `${type} ${fact.submissionId} ${fact.version}`;
      if (key === this.lastPublished) {
        return;
      }
      this.lastPublished = key;
    }
    this.events.publish(
      fact.version === undefined
        ? { type, id: fact.submissionId }
        : { type, id: fact.submissionId, version: fact.version },
    );
  }
}
