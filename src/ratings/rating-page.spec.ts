import { createHash } from 'node:crypto';
import { RATING_PAGE_HEADERS, renderRatingPage } from './rating-page';

describe('the rating page', () => {
  it('is a form with the chosen rating preselected, no script, and its one style block allowed by hash', () => {
    const { status, html } = renderRatingPage({ kind: 'form', token: 'T0k-en_', ref: '7K2M9QXD', chosen: 'not_good' });
    expect(status).toBe(200);
    expect(html).toContain('<input type="hidden" name="token" value="T0k-en_">');
    expect(html).toContain('value="not_good" checked');
    expect(html).not.toContain('value="good" required checked');
    expect(html).toContain('maxlength="2000"');
    expect(html).not.toMatch(/<script|\son\w+=/i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    expect(RATING_PAGE_HEADERS['Content-Security-Policy']).toContain(
      `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    );
  });

  it('preselects nothing for a link that names no rating (the choice is then required)', () => {
    const { html } = renderRatingPage({ kind: 'form', token: 't', ref: 'R', chosen: null });
    expect(html).not.toContain('checked');
    expect(html).toContain('value="good" required>');
  });

  it('escapes what it shows', () => {
    const { html } = renderRatingPage({ kind: 'form', token: '"><b>', ref: '<i>', chosen: null });
    expect(html).toContain('value="&quot;&gt;&lt;b&gt;"');
    expect(html).toContain('[#&lt;i&gt;]');
  });

  it('answers 404 to a link that is not valid, 409 to an answer sent again', () => {
    expect(renderRatingPage({ kind: 'not valid', expired: true }).status).toBe(404);
    expect(renderRatingPage({ kind: 'not valid', expired: true }).html).toContain('expired');
    expect(renderRatingPage({ kind: 'already rated', ref: 'R', rating: 'good', status: 409 }).status).toBe(409);
    expect(renderRatingPage({ kind: 'recorded', ref: 'R', rating: 'good' }).html).toContain('<strong>Good</strong>');
  });
});
