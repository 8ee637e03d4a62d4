import { AppConfig } from '../config/app-config';
import { validateEnvironment } from '../config/environment';
import { RatingLinks } from './rating-links';

const SECRET = 'a'.repeat(40);
const links = (env: Record<string, string>) =>
  new RatingLinks(new AppConfig(validateEnvironment({ JWT_SECRET: SECRET, ...env })));
const link = { surveyId: '0193a2b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b', expiresAt: new Date('2026-12-24T10:00:00Z') };

describe('RatingLinks', () => {
  it('reads back what it signed: the survey and the expiry, in 48 URL-safe characters', () => {
    const token = links({}).tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(links({}).read(token)).toEqual(link);
  });

  it('refuses every altered, cut or extended token, and anything that is not a token', () => {
    const token = links({}).tokenOf(link);
    const altered = [...token].map((character, index) => {
      const other = character === 'A' ? 'B' : 'A';
      return `${token.slice(0, index)}${other}${token.slice(index + 1)}`;
    });
    for (const bad of [...altered, token.slice(0, 47), `${token}A`, token.toUpperCase(), '', undefined, ['x'], 42]) {
      expect(links({}).read(bad)).toBeNull();
    }
  });

  it('refuses a token signed under another secret, and still opens those of JWT_PREVIOUS_SECRETS', () => {
    const old = links({}).tokenOf(link);
    expect(links({ JWT_SECRET: 'b'.repeat(40) }).read(old)).toBeNull();
    expect(links({ JWT_SECRET: 'b'.repeat(40), JWT_PREVIOUS_SECRETS: SECRET }).read(old)).toEqual(link);
  });

  it('names PUBLIC_URL and BASE_PATH in the link; without PUBLIC_URL it cannot link', () => {
    const mailed = links({ PUBLIC_URL: 'https://intake.example.com/ignored', BASE_PATH: '/help' });
    expect(mailed.canLink).toBe(true);
    expect(mailed.urlOf(link, 'not_good')).toBe(
      `https://intake.example.com/help/rate?token=${mailed.tokenOf(link)}&rating=not_good`,
    );
    expect(links({}).canLink).toBe(false);
  });
});
