import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routes (`#/inbox?status=new`, `#/inbox?open=<id>` for a submission, `#/keys`, `#/staff`,
 * `#/audit`): the server serves one page, and the URL, kept through a sign-in, brings the user back
 * where they were.
 */
export interface Route {
  path: string;
  params: URLSearchParams;
}

function current(): Route {
  const hash = window.location.hash.replace(/^#/, '') || '/inbox';
  const [path, query = ''] = hash.split('?');
  return { path, params: new URLSearchParams(query) };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}

export function navigate(path: string, params?: Record<string, string | undefined>): void {
  const query = new URLSearchParams(
    Object.entries(params ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  window.location.hash = `#${path}${query ? `?${query}` : ''}`;
}
