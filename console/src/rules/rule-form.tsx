import { useEffect, useRef, useState } from 'preact/hooks';
import { Ref } from '../api';
import { ErrorLine } from '../parts';
import { useAction } from '../use-action';
import { ActionRow } from './action-row';
import { ConditionRow } from './condition-row';
import {
  ActionDraft,
  ConditionDraft,
  draftOf,
  EVENTS,
  keysOf,
  newAction,
  newCondition,
  Rule,
  RuleDraft,
  RuleEvent,
  whenOf,
} from './rule-model';
import { RuleTest } from './rule-test';

/**
 * A rule's form (new, or one to edit): name, on or off, the event, the conditions (all must hold), the
 * actions in order, and a test of the conditions against a submission. The API's refusal shows beside
 * the Save button; the form stays as typed.
 */
export function RuleForm({
  rule,
  staff,
  apiKeys,
  onSave,
  onDone,
}: {
  rule: Rule | null;
  staff: Ref[];
  apiKeys: Ref[];
  onSave: (draft: RuleDraft, id: string | null) => Promise<unknown>;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const { error, busy, run } = useAction((caught) => (caught as Error).message);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [rule?.id]);

  const set = (changes: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const setCondition = (index: number, condition: ConditionDraft | null) =>
    setDraft((current) => ({
      ...current,
      conditions: replaced(current.conditions, index, condition),
    }));
  const setAction = (index: number, action: ActionDraft | null) =>
    setDraft((current) => ({ ...current, actions: replaced(current.actions, index, action) }));

  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await onSave(draft, rule?.id ?? null);
      onDone();
    });
  };
  const title = rule ? `Edit rule “${rule.name}”` : 'New rule';

  return (
    <form class="rule-form" onSubmit={submit} aria-labelledby="rule-form-title">
      <h2 id="rule-form-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <div class="inline-form">
        <label class="grow">
          Name
          <input required maxLength={100} value={draft.name} onInput={(e) => set({ name: e.currentTarget.value })} />
        </label>
        <label>
          When
          <select value={draft.event} onChange={(e) => set({ event: e.currentTarget.value as RuleEvent })}>
            {keysOf(EVENTS).map((event) => (
              <option key={event} value={event}>
                {EVENTS[event]}
              </option>
            ))}
          </select>
        </label>
        <label class="check">
          <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
          Enabled
        </label>
      </div>
      <h3>Conditions (all must hold)</h3>
      {draft.conditions.map((condition, index) => (
        <ConditionRow
          key={index}
          number={index + 1}
          condition={condition}
          apiKeys={apiKeys}
          onChange={(changed) => setCondition(index, changed)}
          onRemove={() => setCondition(index, null)}
        />
      ))}
      {draft.conditions.length === 0 && <p class="muted">No condition: the rule applies to every one.</p>}
      <button type="button" onClick={() => set({ conditions: [...draft.conditions, newCondition()] })}>
        Add condition
      </button>
      <h3>Then</h3>
      {draft.actions.map((action, index) => (
        <ActionRow
          key={index}
          number={index + 1}
          action={action}
          staff={staff}
          onChange={(changed) => setAction(index, changed)}
          onRemove={() => setAction(index, null)}
        />
      ))}
      <button type="button" onClick={() => set({ actions: [...draft.actions, newAction()] })}>
        Add action
      </button>
      <ErrorLine error={error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {rule ? 'Save rule' : 'Create rule'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      <RuleTest when={() => whenOf(draft)} />
    </form>
  );
}

/** The list with item `index` replaced, or removed when `item` is null. */
function replaced<T>(list: T[], index: number, item: T | null): T[] {
  return item === null ? list.filter((_, at) => at !== index) : list.map((old, at) => (at === index ? item : old));
}
