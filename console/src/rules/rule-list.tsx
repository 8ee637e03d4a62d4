import { useState } from 'preact/hooks';
import { describeRule, Rule } from './rule-model';
import { RuleTest } from './rule-test';

/**
 * The rules in the order they run, each as a sentence. Admins turn each on or off, move it up or
 * down, edit or delete it (after a confirmation); everyone else reads. Everyone can test a rule's
 * conditions against a submission.
 */
export function RuleList({
  rules,
  names,
  admin,
  onEnable,
  onMove,
  onEdit,
  onDelete,
}: {
  rules: Rule[];
  names: ReadonlyMap<string, string>;
  admin: boolean;
  onEnable: (rule: Rule, enabled: boolean) => void;
  onMove: (rule: Rule, step: -1 | 1) => void;
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
}) {
  const [testing, setTesting] = useState<string | null>(null);
  if (rules.length === 0) {
    return <p class="muted">No rule yet.</p>;
  }
  return (
    <ol class="rule-list" aria-label="Rules, in the order they run">
      {rules.map((rule, index) => {
        const titleId = `rule-${rule.id}`;
        return (
          <li key={rule.id} class={rule.enabled ? undefined : 'off'}>
            <div role="group" aria-labelledby={titleId}>
              <h2 id={titleId}>{rule.name}</h2>
              <p>{describeRule(rule, names)}</p>
              <div class="actions">
                {!admin && <span class="muted">{rule.enabled ? 'Enabled' : 'Off'}</span>}
                <button
                  type="button"
                  aria-expanded={testing === rule.id}
                  onClick={() => setTesting(testing === rule.id ? null : rule.id)}
                >
                  Test
                </button>
                {admin && (
                  <>
                    <label class="check">
                      <input
                        type="checkbox"
                        role="switch"
                        checked={rule.enabled}
                        onChange={(e) => onEnable(rule, e.currentTarget.checked)}
                      />
                      Enabled
                    </label>
                    <button type="button" disabled={index === 0} onClick={() => onMove(rule, -1)}>
                      Move up
                    </button>
                    <button type="button" disabled={index === rules.length - 1} onClick={() => onMove(rule, 1)}>
                      Move down
                    </button>
                    <button type="button" onClick={() => onEdit(rule)}>
                      Edit
                    </button>
                    <button type="button" class="danger" onClick={() => onDelete(rule)}>
                      Delete
                    </button>
                  </>
                )}
              </div>
              {testing === rule.id && <RuleTest when={() => rule.when} />}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
