import { AppConfig } from './config/app-config';
import { validateEnvironment } from './config/environment';
import { startupLines } from './main';

const config = (env: Record<string, string>) => new AppConfig(validateEnvironment({ NODE_ENV: 'test', ...env }));

describe('start-up lines', () => {
  it('say "all interfaces" for 0.0.0.0 and give local URLs of the docs and the dashboard', () => {
    const lines = startupLines(config({ HOST: '0.0.0.0', ADMIN_USER: 'a', ADMIN_PASSWORD: 'b', BASE_PATH: '/api' }), {
      address: '0.0.0.0',
      family: 'IPv4',
      port: 3000,
    });
    expect(lines).toEqual([
      'Listening on all interfaces (0.0.0.0), port 3000 (ROLE=all)',
      'API docs: http://localhost:3000/api/docs',
      'Queue dashboard: http://localhost:3000/api/admin/queues',
      'Staff console: http://localhost:3000/api/staff/',
      "Staff channel: the service's own inbox (the console); set STAFF_WEBHOOK_URL or SMTP_URL + STAFF_EMAIL_TO to also send each submission out",
    ]);
  });

  it('print the command that creates the first admin while there is no staff account', () => {
    const lines = startupLines(
      config({
        STAFF_WEBHOOK_URL: 'https://hooks.example.com/in',
        STAFF_WEBHOOK_SECRET: 'a-secret-of-16-bytes-or-more',
      }),
      null,
      0,
    );
    expect(lines.some((line) => line.startsWith('Staff channel'))).toBe(false);
    expect(lines.at(-1)).toBe(
      'No staff account yet. Create the first admin: npm run -s cli -- staff create --email you@example.com --name "Your Name" --role admin',
    );
  });

  it('name the one address it listens on, and leave the dashboard out when it is not mounted', () => {
    expect(startupLines(config({ HOST: '127.0.0.1', ROLE: 'api' }), null)).toEqual([
      'Listening on 127.0.0.1:3000 (ROLE=api)',
      'API docs: http://127.0.0.1:3000/docs',
      'Staff console: http://127.0.0.1:3000/staff/',
    ]);
  });
});
