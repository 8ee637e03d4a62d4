import { Injectable } from '@nestjs/common';
import { AfterCommitWork, Transaction } from '../../database/transactions';

/**
 * The rooms that keep rows per submission, each with one port (issue 54, point 2). privacy/ declares
 * the order they run in and checks at start-up that it found every one; a new room adds its name here.
 */
export type PersonalDataHolder =
  'report days' | 'submissions' | 'webhooks' | 'conversations' | 'attachments' | 'ratings';

/** A room's part of one submission in a person's export: fields beside the submission's own. */
export type ExportedFields = Record<string, unknown>;

/**
 * How privacy/ (erasure, retention, export) reaches a room's rows of submissions without knowing its
 * repositories: the room implements this in its own folder and marks the class @HoldsPersonalData.
 * Rows a merge moved from a submission into another (`merged_from_id`) are still that submission's.
 */
export interface PersonalDataPort {
  /**
   * Deletes this room's rows of these submissions in `tx`, the deletion's transaction (the submissions
   * themselves go after every port); answers what must follow the commit (forgetting the jobs of the
   * deleted rows), run once it has committed and never if it rolls back. The transaction may run
   * again after a commit conflict: decide from what is read inside it.
   */
  deleteOfSubmissions(submissionIds: string[], tx: Transaction): Promise<AfterCommitWork | void>;

  /**
   * This room's fields of each of these submissions in a person's export (`privacy export`): answers
   * a function giving them for one submission (empty values for a submission it holds nothing of).
   * A room that keeps nothing a person should see (report days) leaves it out.
   */
  exportOfSubmissions?(submissionIds: string[]): Promise<(submissionId: string) => ExportedFields>;
}

export const PERSONAL_DATA_PORT = Symbol('personal data port');

/**
 * Marks a provider as its room's PersonalDataPort, found by privacy/ at start-up (as handlers of
 * submission facts are: see OnSubmissionFact). The room's module provides it; every role that deletes
 * submissions (API, worker, CLI) must import that module, or the process does not start.
 */
export function HoldsPersonalData(holder: PersonalDataHolder): ClassDecorator {
  return (target) => {
    Injectable()(target);
    Reflect.defineMetadata(PERSONAL_DATA_PORT, holder, target);
  };
}

/** The room a provider is the port of, if it is one. */
export function personalDataHolderOf(type: object): PersonalDataHolder | undefined {
  return Reflect.getMetadata(PERSONAL_DATA_PORT, type) as PersonalDataHolder | undefined;
}
