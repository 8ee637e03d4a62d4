import { createHash } from 'node:crypto';
import { RATING_PATH } from '../http/contract-paths';
import { RATING_LINK_DAYS } from './rating-links';
import { Rating, RATING_WORDS, RATINGS } from './survey-state';

/** The longest comment a requester may leave, in characters (code points). */
export const COMMENT_MAX = 2000;

/** What the rating page shows. */
export type RatingPage =
  /** The survey awaits an answer: the choice from the link preselected (none when the link named none). */
  | { kind: 'form'; token: string; ref: string; chosen: Rating | null }
  /** This answer was recorded. */
  | { kind: 'recorded'; ref: string; rating: Rating }
  /** An answer was recorded before (this one, if any, changed nothing: 409 to a form sent again). */
  | { kind: 'already rated'; ref: string; rating: Rating; status: 200 | 409 }
  /** Not a link of ours, altered, of an erased survey, or expired. */
  | { kind: 'not valid'; expired: boolean };

const STYLE = `
:root { color-scheme: light dark; --ink: #1f2328; --paper: #ffffff; --line: #8c959f; --accent: #0b57d0; }
@media (prefers-color-scheme: dark) { :root { --ink: #e6edf3; --paper: #0d1117; --line: #8b949e; --accent: #8ab4f8; } }
* { box-sizing: border-box; }
body { margin: 0; font: 1.0625rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
main { max-width: 36rem; margin: 0 auto; padding: 2rem 1rem 3rem; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 1rem; }
fieldset { border: 0; padding: 0; margin: 1.5rem 0; }
legend { font-weight: 600; margin-bottom: 0.5rem; }
.choice { display: flex; align-items: center; gap: 0.75rem; padding: 0.75rem 1rem; margin-bottom: 0.5rem; border: 1px solid var(--line); border-radius: 0.5rem; cursor: pointer; }
.choice input { width: 1.25rem; height: 1.25rem; margin: 0; accent-color: var(--accent); }
label[for="comment"] { display: block; font-weight: 600; margin-bottom: 0.25rem; }
textarea { display: block; width: 100%; min-height: 8rem; padding: 0.5rem; font: inherit; color: inherit; background: transparent; border: 1px solid var(--line); border-radius: 0.5rem; }
.hint { margin: 0.25rem 0 1.5rem; font-size: 0.9375rem; }
button { font: inherit; font-weight: 600; padding: 0.75rem 1.5rem; border: 0; border-radius: 0.5rem; color: var(--paper); background: var(--accent); cursor: pointer; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

/**
 * The page's own headers: no script at all (the page has none, so none may run), only its one style
 * block, forms only to this service, no framing, no referrer (the address holds the token), never
 * cached and never indexed.
 */
export const RATING_PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
};

/** The page as HTML, with its status: plain HTML and a form, no script, in the requester's browser without signing in. */
export function renderRatingPage(page: RatingPage): { status: number; html: string } {
  switch (page.kind) {
    case 'form':
      return { status: 200, html: document(`How did we do? [#${page.ref}]`, formOf(page)) };
    case 'recorded':
      return {
        status: 200,
        html: document(
          'Thank you',
          `<h1>Thank you</h1>
<p>Your rating of request [#${escape(page.ref)}] is recorded: <strong>${RATING_WORDS[page.rating]}</strong>.</p>
<p>You can close this page.</p>`,
        ),
      };
    case 'already rated':
      return {
        status: page.status,
        html: document(
          'Already rated',
          `<h1>Already rated</h1>
<p>This link has been used: the rating of request [#${escape(page.ref)}] is recorded as <strong>${RATING_WORDS[page.rating]}</strong>, and it stays as it is.</p>
<p>Thank you for answering.</p>`,
        ),
      };
    case 'not valid':
      return {
        status: 404,
        html: document(
          'This link is not valid',
          `<h1>This link is not valid</h1>
<p>${
            page.expired
              ? `This rating link has expired: links work for ${RATING_LINK_DAYS} days after the request was closed.`
              : 'This rating link is not one we sent, or it was cut short or changed on the way (some mail programs break long links: try copying the whole link into the address bar).'
          }</p>
<p>Nothing was recorded.</p>`,
        ),
      };
  }
}

function formOf(page: Extract<RatingPage, { kind: 'form' }>): string {
  const choices = RATINGS.map(
    (rating, index) =>
      `<label class="choice"><input type="radio" name="rating" value="${rating}"${index === 0 ? ' required' : ''}${
        page.chosen === rating ? ' checked' : ''
      }> ${RATING_WORDS[rating]}</label>`,
  ).join('\n');
  // A relative action: the page is at <BASE_PATH>/rate, so the form goes back there whatever BASE_PATH is.
  return `<h1>How did we do?</h1>
<p>Your request [#${escape(page.ref)}] is closed. Choose a rating and send it; a comment is welcome but not needed.</p>
<form method="post" action="${RATING_PATH}">
<input type="hidden" name="token" value="${escape(page.token)}">
<fieldset>
<legend>Your rating</legend>
${choices}
</fieldset>
<label for="comment">Comment (optional)</label>
<textarea id="comment" name="comment" maxlength="${COMMENT_MAX}" rows="6" aria-describedby="comment-hint"></textarea>
<p class="hint" id="comment-hint">At most ${COMMENT_MAX.toLocaleString('en')} characters. Nothing is recorded until you send.</p>
<button type="submit">Send rating</button>
</form>`;
}

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]);
}
