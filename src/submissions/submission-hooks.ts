import { Injectable } from '@nestjs/common';
import type { Transaction } from '../database/transactions';
import { WorkflowStatus } from './submission-state';

/** A committed staff status change, as the rooms that react to it see it (ids only). */
export interface StatusChange {
  submissionId: string;
  apiKeyId: string;
  before: WorkflowStatus;
  after: WorkflowStatus;
  actorId: string | null;
  /** The audit event recorded with the change: what makes the change unique. */
  auditEventId: string;
}

/**
 * Writes what a status change implies, inside the change's transaction; answers work to do once it
 * has committed (queueing jobs), or nothing.
 */
export type StatusChangeListener = (change: StatusChange, tx: Transaction) => Promise<(() => Promise<void>) | void>;

/** A committed assignment (or unassignment), ids only. */
export interface AssignmentChange {
  submissionId: string;
  apiKeyId: string;
  before: string | null;
  after: string | null;
  actorId: string | null;
  auditEventId: string;
}

/** Writes what an assignment implies in its transaction; answers work for after the commit. */
export type AssignmentListener = (change: AssignmentChange, tx: Transaction) => Promise<(() => Promise<void>) | void>;

/**
 * A committed staff change of a submission (its workflow fields, a note), ids only: `version` is the
 * submission's version after the change when the change moved it.
 */
export interface SubmissionChange {
  submissionId: string;
  version?: number;
}

/** Hears of a committed change; runs after the commit and must not throw (live events, say). */
export type ChangeListener = (change: SubmissionChange) => void;

/** A section of the staff detail of one submission that another room contributes (its webhooks, say). */
export type DetailSection = (submissionId: string) => Promise<unknown>;

/**
 * Where the rooms that consume submissions (webhooks, conversations, live events) plug into
 * the staff workflow, so that arrows point into submissions/ and never out of it: they register here
 * when they start, and the staff service calls whatever is registered.
 */
@Injectable()
export class SubmissionHooks {
  private readonly statusListeners: StatusChangeListener[] = [];
  private readonly assignmentListeners: AssignmentListener[] = [];
  private readonly changeListeners: ChangeListener[] = [];
  private readonly sections = new Map<string, DetailSection>();

  onStatusChange(listener: StatusChangeListener): void {
    this.statusListeners.push(listener);
  }

  onAssignment(listener: AssignmentListener): void {
    this.assignmentListeners.push(listener);
  }

  /** Runs every assignment listener in `tx`; answers their after-commit work. */
  async assigned(change: AssignmentChange, tx: Transaction): Promise<(() => Promise<void>)[]> {
    const afterCommit: (() => Promise<void>)[] = [];
    for (const listener of this.assignmentListeners) {
      const work = await listener(change, tx);
      if (work) {
        afterCommit.push(work);
      }
    }
    return afterCommit;
  }

  onChange(listener: ChangeListener): void {
    this.changeListeners.push(listener);
  }

  /** Tells every change listener of a committed change. */
  changed(change: SubmissionChange): void {
    for (const listener of this.changeListeners) {
      listener(change);
    }
  }

  addDetailSection(name: string, section: DetailSection): void {
    this.sections.set(name, section);
  }

  /** Runs every listener in `tx`; answers their after-commit work. */
  async statusChanged(change: StatusChange, tx: Transaction): Promise<(() => Promise<void>)[]> {
    const afterCommit: (() => Promise<void>)[] = [];
    for (const listener of this.statusListeners) {
      const work = await listener(change, tx);
      if (work) {
        afterCommit.push(work);
      }
    }
    return afterCommit;
  }

  /** Every registered section of the detail of `submissionId`, by name. */
  async detailSectionsOf(submissionId: string): Promise<Record<string, unknown>> {
    const entries = await Promise.all(
      [...this.sections].map(async ([name, section]) => [name, await section(submissionId)] as const),
    );
    return Object.fromEntries(entries);
  }
}
