import { useEffect, useRef, useState } from 'preact/hooks';
import type { Me, Ref } from '../api';
import { ErrorLine } from '../parts';
import { RuleForm } from './rule-form';
import { RuleList } from './rule-list';
import { Rule } from './rule-model';
import { useRules } from './use-rules';
import './rules.css';

/**
 * Rules (admins write, everyone reads): what the service does by itself when a submission arrives,
 * the customer writes or a status changes, in the order the rules run. The API checks and runs them;
 * the page lists them, edits one at a time and tests one against a submission.
 */
export function Rules({ me, keys }: { me: Me; keys: Ref[] }) {
  const admin = me.role === 'admin';
  const { rules, staff, names, error, save, setEnabled, move, remove } = useRules(keys);
  // The rule being edited; 'new' for a new one; null when no form is open.
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  // When the form closes (saved or cancelled), the keyboard goes back to "New rule", not to the page's top.
  const newRule = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);
  useEffect(() => {
    if (editing === null && closed.current) {
      newRule.current?.focus();
    }
    closed.current = editing !== null;
  }, [editing]);

  const confirmDelete = (rule: Rule) => {
    if (window.confirm(`Delete the rule “${rule.name}”? It stops running at once.`)) {
      void remove(rule);
    }
  };

  return (
    <main class="page rules" aria-labelledby="rules-title">
      <h1 id="rules-title">Rules</h1>
      <p class="muted">
        Rules run in order when a submission arrives, when the customer writes, or when its status changes: when every
        condition holds, the actions happen, each recorded with the rule as who did it. A change made by a rule never
        sets off another rule.
        {!admin && ' Admins write the rules.'}
      </p>
      {admin && editing === null && (
        <button ref={newRule} type="button" class="primary" onClick={() => setEditing('new')}>
          New rule
        </button>
      )}
      {admin && editing !== null && (
        <RuleForm
          key={editing === 'new' ? 'new' : editing.id}
          rule={editing === 'new' ? null : editing}
          staff={staff}
          apiKeys={keys}
          onSave={save}
          onDone={() => setEditing(null)}
        />
      )}
      <ErrorLine error={error} />
      {rules === null ? (
        <p class="muted">Loading…</p>
      ) : (
        <RuleList
          rules={rules}
          names={names}
          admin={admin}
          onEnable={(rule, enabled) => void setEnabled(rule, enabled)}
          onMove={(rule, step) => void move(rule, step)}
          onEdit={setEditing}
          onDelete={confirmDelete}
        />
      )}
    </main>
  );
}
