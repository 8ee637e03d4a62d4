import { useState } from 'preact/hooks';
import { describeRule, Rule } from './rule-model';
import { RuleTest } from './rule-test';

/**
 * The rules in the order they run, each as a sentence. Admins turn each on or off, move it up or
 * down, edit or delete it (after a confirmation); everyone else reads. Everyone can test a rule's
 * conditions against a submission. Each control's name says its rule ("Edit rule Partners", starting
 * with the words shown, which voice control users say): a screen reader's list of controls would
 * otherwise hold an "Edit" per rule and nothing to tell them apart.
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
                  aria-label={`Test rule ${rule.name}`}
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
                        aria-label={`Enabled rule ${rule.name}`}
                        checked={rule.enabled}
                        onChange={(e) => onEnable(rule, e.currentTarget.checked)}
                      />
                      Enabled
                    </label>
                    <button
                      type="button"
                      aria-label={`Move up rule ${rule.name}`}
                      disabled={index === 0}
                      onClick={() => onMove(rule, -1)}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      aria-label={`Move down rule ${rule.name}`}
                      disabled={index === rules.length - 1}
                      onClick={() => onMove(rule, 1)}
                    >
                      Move down
                    </button>
                    <button type="button" aria-label={`Edit rule ${rule.name}`} onClick={() => onEdit(rule)}>
                      Edit
                    </button>
                    <button
                      type="button"
                      class="danger"
                      aria-label={`Delete rule ${rule.name}`}
                      onClick={() => onDelete(rule)}
                    >
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
