import { Actor } from '../../audit/actor';
import { NewSubmissionFact } from './submission-facts';
import { WorkflowChanges, WorkflowRow } from '../lifecycle/submission-workflow.repository';

/** The row a workflow change was worked out against. */
type ChangedRow = Omit<WorkflowRow, 'mergedIntoId'>;

/**
 * The facts of one workflow change written to `row` (its UPDATE made `version + 1`), one per field
 * it moved, in the order subscribers expect: labels, priority, status, assignee. A person's change,
 * a bulk row and a rule's change all record them so.
 */
export function workflowChangeFacts(
  row: ChangedRow,
  next: WorkflowChanges,
  tags: { before: string[]; after: string[] } | null,
  actor: Actor,
): NewSubmissionFact[] {
  const about = { submissionId: row.id, apiKeyId: row.apiKeyId, version: row.version + 1, actor };
  const facts: NewSubmissionFact[] = [];
  if (tags) {
    facts.push({ ...about, name: 'tags_changed', data: tags });
  }
  if (next.priority !== undefined) {
    facts.push({ ...about, name: 'priority_changed', data: { before: row.priority, after: next.priority } });
  }
  if (next.status !== undefined) {
    facts.push({ ...about, name: 'status_changed', data: { before: row.status, after: next.status } });
  }
  if (next.assigneeId !== undefined) {
    facts.push({ ...about, name: 'assigned', data: { before: row.assigneeId, after: next.assigneeId } });
  }
  return facts;
}
