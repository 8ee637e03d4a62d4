import { toBooleanSearch } from './submission-search';

describe('toBooleanSearch', () => {
  it('requires every word as a prefix', () => {
    expect(toBooleanSearch('Kaiser  Institut')).toBe('+kaiser* +institut*');
  });

  it('lets no boolean operator through', () => {
    expect(toBooleanSearch('-"x" ~y (z) +w* <v >u @t')).toBe('+x* +y* +z* +w* +v* +u* +t*');
  });

  it('splits an e-mail address into its indexed words and leaves stopwords out', () => {
    expect(toBooleanSearch('jane.doe@example.com')).toBe('+jane* +doe* +example*');
  });

  it('keeps letters of every script', () => {
    expect(toBooleanSearch('Müller Łódź 東京')).toBe('+müller* +łódź* +東京*');
  });

  it('is null when nothing searchable is left', () => {
    expect(toBooleanSearch('the @ com')).toBeNull();
  });
});
