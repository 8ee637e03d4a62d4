import { useState } from 'preact/hooks';
import { api, ApiError, BulkChange, BulkResult } from '../api';
import { useAction } from '../use-action';

/** What a row's error means, in a few words after its reference. */
const REASONS: Record<string, string> = {
  'Submission changed; reload it': 'changed meanwhile',
  'Not found': 'not found',
  'Submission is merged': 'is merged',
  'Invalid field: add_tags': 'would have more than ten tags',
};

/**
 * "498 changed, 2 not: #7K2M9QXD changed meanwhile, #1X3F0ABC not found": what a bulk change did to
 * each row, named by the reference people see (the id's start for a row no longer in the list).
 */
export function bulkSummary(results: BulkResult[], refs: ReadonlyMap<string, string>): string {
  const failed = results.filter((row) => !row.ok);
  const changed = `${results.length - failed.length} changed`;
  if (failed.length === 0) {
    return `${changed}.`;
  }
  const reasons = failed.map(
    (row) => `#${refs.get(row.id) ?? row.id.slice(0, 8)} ${REASONS[row.error ?? ''] ?? row.error ?? 'not changed'}`,
  );
  return `${changed}, ${failed.length} not: ${reasons.join(', ')}.`;
}

/** Applies one change to the chosen rows and keeps the sentence saying what happened to each. */
export function useBulkChange(refs: ReadonlyMap<string, string>, onDone: () => void) {
  const [summary, setSummary] = useState<string | null>(null);
  const { error, busy, run } = useAction((caught) =>
    caught instanceof ApiError ? caught.message : 'The change did not reach the service; try again.',
  );
  const apply = (ids: string[], change: BulkChange) =>
    run(async () => {
      setSummary(null);
      const answer = await api<{ results: BulkResult[] }>('submissions/bulk', {
        method: 'POST',
        body: { ids, change },
      });
      setSummary(bulkSummary(answer.results, refs));
      onDone();
    });
  return { apply, summary, error, busy };
}
