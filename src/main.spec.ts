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
    ]);
  });

  it('name the one address it listens on, and leave the dashboard out when it is not mounted', () => {
    expect(startupLines(config({ HOST: '127.0.0.1', ROLE: 'api' }), null)).toEqual([
      'Listening on 127.0.0.1:3000 (ROLE=api)',
      'API docs: http://127.0.0.1:3000/docs',
    ]);
  });
});
