import type { ComponentChildren } from 'preact';
import { Ref, STATUSES } from '../api';
import { PriorityOptions } from '../parts';
import { ActionDraft, ActionName, ACTIONS, keysOf, NOBODY } from './rule-model';

/**
 * One action of a rule and its value: an agent for "Assign to"; for round robin the agents who take
 * turns and how many open submissions each may hold at most (empty: no limit); a tag; a priority; a
 * status.
 */
export function ActionRow({
  number,
  action,
  staff,
  onChange,
  onRemove,
}: {
  number: number;
  action: ActionDraft;
  staff: Ref[];
  onChange: (action: ActionDraft) => void;
  onRemove: () => void;
}) {
  const set = (changes: Partial<ActionDraft>) => onChange({ ...action, ...changes });
  return (
    <fieldset class="rule-row">
      <legend>{`Action ${number}`}</legend>
      <label>
        Action
        <select
          value={action.action}
          onChange={(e) => set({ action: e.currentTarget.value as ActionName, value: '', agents: [], maxOpen: '' })}
        >
          {keysOf(ACTIONS).map((name) => (
            <option key={name} value={name}>
              {ACTIONS[name]}
            </option>
          ))}
        </select>
      </label>
      <ActionValue action={action} staff={staff} set={set} />
      <button type="button" class="link" aria-label={`Remove action ${number}`} onClick={onRemove}>
        Remove
      </button>
    </fieldset>
  );
}

function ActionValue({
  action,
  staff,
  set,
}: {
  action: ActionDraft;
  staff: Ref[];
  set: (changes: Partial<ActionDraft>) => void;
}) {
  const select = (label: string, options: ComponentChildren) => (
    <label>
      {label}
      <select required value={action.value} onChange={(e) => set({ value: e.currentTarget.value })}>
        <option value="" disabled>
          Choose…
        </option>
        {options}
      </select>
    </label>
  );
  switch (action.action) {
    case 'assign':
      return select(
        'Agent',
        <>
          {staff.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
          <option value={NOBODY}>nobody (unassign)</option>
        </>,
      );
    case 'assign_round_robin':
      return (
        <>
          <fieldset class="choices">
            <legend>Agents</legend>
            {staff.map((agent) => (
              <label class="check" key={agent.id}>
                <input
                  type="checkbox"
                  checked={action.agents.includes(agent.id)}
                  onChange={(e) =>
                    set({
                      agents: e.currentTarget.checked
                        ? [...action.agents, agent.id]
                        : action.agents.filter((id) => id !== agent.id),
                    })
                  }
                />
                {agent.name}
              </label>
            ))}
          </fieldset>
          <label>
            At most open each
            <input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              placeholder="no limit"
              value={action.maxOpen}
              onInput={(e) => set({ maxOpen: e.currentTarget.value })}
            />
          </label>
        </>
      );
    case 'add_tag':
      return (
        <label class="grow">
          Tag
          <input required value={action.value} onInput={(e) => set({ value: e.currentTarget.value })} />
        </label>
      );
    case 'set_priority':
      return select('Priority', <PriorityOptions />);
    case 'set_status':
      return select(
        'Status',
        STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        )),
      );
  }
}
