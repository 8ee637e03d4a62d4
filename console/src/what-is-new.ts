import { Me, Ref, SubmissionDetail } from './api';

/**
 * What someone else changed between the version on screen and the latest one, as phrases for a
 * person ("status pending (was new)", "a note by Grace"). The caller's own replies and notes are not
 * news to them; an empty list means nothing another person did shows.
 */
export function whatIsNew(shown: SubmissionDetail, latest: SubmissionDetail, me: Me): string[] {
  const news: string[] = [];
  if (latest.status !== shown.status) {
    news.push(`status ${latest.status} (was ${shown.status})`);
  }
  if ((latest.assignee?.id ?? null) !== (shown.assignee?.id ?? null)) {
    news.push(latest.assignee ? `assigned to ${latest.assignee.name}` : 'unassigned');
  }
  if (latest.priority !== shown.priority) {
    news.push(`priority ${latest.priority} (was ${shown.priority})`);
  }
  if (latest.tags.join('\n') !== shown.tags.join('\n')) {
    news.push(latest.tags.length > 0 ? `tags ${latest.tags.join(', ')}` : 'no tags');
  }
  const before = new Map(shown.fields.map((field) => [field.name, JSON.stringify(field.value)]));
  const changed = latest.fields.filter((field) => before.get(field.name) !== JSON.stringify(field.value));
  if (changed.length > 0) {
    news.push(`${changed.length === 1 ? 'field' : 'fields'} ${changed.map((field) => field.label).join(', ')}`);
  }
  const known = new Set(shown.timeline.map((item) => item.id));
  for (const item of latest.timeline.filter((entry) => !known.has(entry.id))) {
    if (item.kind === 'customer') {
      news.push(item.from_other ? `a message from ${item.from ?? 'another sender'}` : 'a message from the customer');
    } else if (item.kind === 'reply' && item.author !== me.name) {
      news.push(`a reply by ${item.author ?? 'someone'}`);
    }
  }
  const knownNotes = new Set(shown.notes.map((note) => note.id));
  for (const note of latest.notes.filter((entry) => !knownNotes.has(entry.id) && entry.author.id !== me.id)) {
    news.push(`a note by ${note.author.name}`);
  }
  return news;
}

/** "Grace is viewing", "Grace and Alan are viewing", "Grace, Alan and Ada are viewing". */
export function viewingSentence(viewers: Ref[]): string {
  const names = viewers.map((viewer) => viewer.name);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} viewing`;
}
