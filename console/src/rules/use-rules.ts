import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, Page, Ref, Submission } from '../api';
import { bodyOf, Rule, RuleDraft, RuleTestResult, RuleWhen } from './rule-model';

/**
 * The Rules screen's state: the rules in order, the staff the agent pickers offer, and every change
 * through the API (each followed by a fresh list, so the order and positions are the server's).
 * `error` is what the last change to the list (enable, move, delete) ended with; the form's own
 * errors stay beside the form (`save` throws).
 */
export function useRules(apiKeys: Ref[]) {
  const [rules, setRules] = useState<Rule[] | null>(null);
  const [staff, setStaff] = useState<Ref[]>([]);
  const [error, setError] = useState<string | null>(null);

  // In the order they run (the API's: by position, then name).
  const load = async () => setRules(await api<Rule[]>('rules'));
  useEffect(() => {
    load().catch((caught: Error) => setError(caught.message));
    api<Ref[]>('staff/assignable').then(setStaff, () => undefined);
  }, []);

  /** The names of the accounts and keys a rule mentions, by id. */
  const names = useMemo(
    () => new Map([...staff, ...apiKeys].map((ref): [string, string] => [ref.id, ref.name])),
    [staff, apiKeys],
  );

  const change = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
    await load().catch((caught: Error) => setError(caught.message));
  };

  /** Creates (no `id`) or changes a rule; throws the API's refusal for the form to show. */
  const save = async (draft: RuleDraft, id: string | null): Promise<Rule> => {
    const body = bodyOf(draft);
    // A new rule runs after the others.
    const last = Math.max(0, ...(rules ?? []).map((rule) => rule.position));
    const saved = id
      ? await api<Rule>(`rules/${id}`, { method: 'PATCH', body })
      : await api<Rule>('rules', { method: 'POST', body: { ...body, position: last + STEP } });
    setError(null);
    await load().catch((caught: Error) => setError(caught.message));
    return saved;
  };

  const setEnabled = (rule: Rule, enabled: boolean) =>
    change(() => api(`rules/${rule.id}`, { method: 'PATCH', body: { enabled } }));

  /**
   * One place up (-1) or down (+1). Positions are numbers the API orders by (ties by name), so the
   * list in its new order is numbered 10, 20, 30... and each rule whose number changes is patched.
   */
  const move = (rule: Rule, step: -1 | 1) => {
    const list = [...(rules ?? [])];
    const from = list.findIndex((one) => one.id === rule.id);
    const to = from + step;
    if (from < 0 || to < 0 || to >= list.length) {
      return Promise.resolve();
    }
    [list[from], list[to]] = [list[to], list[from]];
    return change(async () => {
      for (const [index, one] of list.entries()) {
        const position = (index + 1) * STEP;
        if (one.position !== position) {
          await api(`rules/${one.id}`, { method: 'PATCH', body: { position } });
        }
      }
    });
  };

  const remove = (rule: Rule) => change(() => api(`rules/${rule.id}`, { method: 'DELETE' }));

  return { rules, staff, names, error, save, setEnabled, move, remove };
}

/** Would these conditions match that submission? Throws the API's refusal (an unknown submission). */
export function testRule(submissionId: string, when: RuleWhen): Promise<RuleTestResult> {
  return api<RuleTestResult>('rules/test', { method: 'POST', body: { submission_id: submissionId, when } });
}

/** The gap between positions the console gives, so a rule written by hand can go between two. */
const STEP = 10;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The submission someone typed: its id as is, or its reference (`#7K2M9QXD`, shown in the list and in
 * every e-mail) looked up among the latest 100 submissions, since a reference is derived from the id
 * and not stored. Null when no recent one has it.
 */
export async function submissionIdOf(typed: string): Promise<string | null> {
  const text = typed.trim();
  if (ID.test(text)) {
    return text.toLowerCase();
  }
  const ref = text.replace(/^#/, '').toUpperCase();
  const page = await api<Page<Submission>>('submissions', {}, { limit: '100' });
  return page.items.find((item) => item.ref === ref)?.id ?? null;
}
