import { useId, useState } from 'preact/hooks';
import { ErrorLine } from '../parts';
import { useAction } from '../use-action';
import { RuleTestResult, RuleWhen } from './rule-model';
import { submissionIdOf, testRule } from './use-rules';

/**
 * "Test against a submission": whether the form's event and conditions, as they stand (saved or not),
 * would match an existing submission, and the API's reasons. Nothing is changed by a test.
 */
export function RuleTest({ when }: { when: () => RuleWhen }) {
  const [submission, setSubmission] = useState('');
  const [result, setResult] = useState<RuleTestResult | null>(null);
  const { error, busy, run } = useAction((caught) => (caught as Error).message);
  const titleId = useId();

  const test = () =>
    run(async () => {
      setResult(null);
      const id = await submissionIdOf(submission);
      if (!id) {
        throw new Error(
          `No recent submission has the reference ${submission.trim()}: paste its id (the detail shows it).`,
        );
      }
      setResult(await testRule(id, when()));
    });

  return (
    <section class="rule-test" aria-labelledby={titleId}>
      <h3 id={titleId}>Test against a submission</h3>
      <div class="inline-form">
        <label>
          Submission reference or id
          <input
            value={submission}
            onInput={(e) => setSubmission(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                // Enter tests; it must not save the rule around it.
                e.preventDefault();
                void test();
              }
            }}
          />
        </label>
        <button type="button" disabled={busy || submission.trim() === ''} onClick={() => void test()}>
          Test
        </button>
      </div>
      <ErrorLine error={error} />
      <div role="status">
        {result && (
          <>
            <p>
              <strong>Would match: {result.matches ? 'yes' : 'no'}</strong>
            </p>
            {result.reasons.length > 0 && (
              <ul class="reasons" aria-label="Reasons">
                {result.reasons.map((reason, index) => (
                  <li key={index}>{reason}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
