import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, ApiKey, KeyFields } from '../api';
import { keyFields } from '../custom-fields';
import { bodyOf, DefinitionProblem, draftOf, FieldDraft, newDraft, problemOf } from './field-model';

/** The API's refusal of a Save, pinned to the item it named (which may move before the next Save). */
export interface ShownProblem extends Omit<DefinitionProblem, 'index'> {
  /** The draft named, or null for the list as a whole. */
  draftId: number | null;
}

/**
 * The Fields screen's state: the key's saved version, the list as edited (add, change, move, remove),
 * the saved fields removed (retired on Save; their values stay), and Save, which sends the whole list
 * and shows the API's refusal beside the item it names.
 */
export function useKeyFields(keyId: string) {
  const [keyName, setKeyName] = useState<string | null>(null);
  const [saved, setSaved] = useState<KeyFields | null>(null);
  const [drafts, setDrafts] = useState<FieldDraft[]>([]);
  const [retiring, setRetiring] = useState<FieldDraft[]>([]);
  const [problem, setProblem] = useState<ShownProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const show = (view: KeyFields) => {
    setSaved(view);
    setDrafts(view.fields.map(draftOf));
    setRetiring([]);
  };
  useEffect(() => {
    keyFields(keyId).then(show, (caught: Error) => setLoadError(caught.message));
    api<ApiKey[]>('keys').then(
      (keys) => setKeyName(keys.find((key) => key.id === keyId)?.name ?? null),
      () => undefined,
    );
  }, [keyId]);

  const change = (id: number, next: (draft: FieldDraft) => FieldDraft) =>
    setDrafts((list) => list.map((draft) => (draft.id === id ? next(draft) : draft)));

  const add = () => setDrafts((list) => [...list, newDraft()]);

  const move = (id: number, step: -1 | 1) =>
    setDrafts((list) => {
      const from = list.findIndex((draft) => draft.id === id);
      const to = from + step;
      if (from < 0 || to < 0 || to >= list.length) {
        return list;
      }
      const moved = [...list];
      [moved[from], moved[to]] = [moved[to], moved[from]];
      return moved;
    });

  /** A new field is dropped; a saved one waits to be retired on Save (and can be kept until then). */
  const remove = (draft: FieldDraft) => {
    setDrafts((list) => list.filter((one) => one.id !== draft.id));
    if (draft.saved) {
      setRetiring((list) => [...list, draft]);
    }
  };
  const keep = (draft: FieldDraft) => {
    setRetiring((list) => list.filter((one) => one.id !== draft.id));
    setDrafts((list) => [...list, draft]);
  };

  // The saved list as Save would send it: anything else on screen is not saved yet.
  const savedBody = useMemo(() => saved && JSON.stringify(bodyOf(saved.fields.map(draftOf))), [saved]);
  const unsaved = savedBody !== null && JSON.stringify(bodyOf(drafts)) !== savedBody;

  const save = async () => {
    const sent = drafts;
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      const view = await api<KeyFields>(`keys/${keyId}/fields`, { method: 'PUT', body: bodyOf(sent) });
      const retired = retiring.map((draft) => `“${draft.label}”`);
      show(view);
      setNotice(
        `Saved as version ${view.version}.` +
          (retired.length > 0 ? ` Retired: ${retired.join(', ')}; their stored values stay.` : ''),
      );
    } catch (caught) {
      const { index, ...refused } = problemOf((caught as Error).message);
      setProblem({ ...refused, draftId: index === null ? null : (sent[index]?.id ?? null) });
    } finally {
      setBusy(false);
    }
  };

  return {
    keyName,
    saved,
    drafts,
    retiring,
    problem,
    notice,
    loadError,
    busy,
    unsaved,
    change,
    add,
    move,
    remove,
    keep,
    save,
  };
}
