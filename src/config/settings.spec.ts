import { IsInt, IsString } from 'class-validator';
import { InvalidConfigurationError, validateEnvironment } from './environment';
import { declaredRoom, declaredSettings, declareSettings, Setting } from './settings';

function problemsOf(env: Record<string, string>): string[] {
  try {
    validateEnvironment(env);
  } catch (error) {
    return (error as InvalidConfigurationError).problems;
  }
  return [];
}

describe('declared settings', () => {
  it('are found beside their rooms, each setting in one room', () => {
    const rooms = declaredSettings();
    expect(rooms.find((room) => room.room === 'mail')?.file).toBe('mail/mail.settings.ts');
    expect(rooms.find((room) => room.room === 'process')?.file).toBe('config/process.settings.ts');
    const names = rooms.flatMap((room) => room.settings.map((setting) => setting.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses a setting without a description or without validators, naming it', () => {
    class Careless {
      @IsInt()
      UNDESCRIBED = 1;

      @Setting({ description: 'a setting nothing checks', readBy: 'API', secret: false })
      UNVALIDATED = '';

      @Setting({ description: 'a setting as it should be', readBy: 'API', secret: false })
      @IsString()
      FINE = '';
    }
    expect(() =>
      declaredRoom(declareSettings({ room: 'careless', variables: Careless }), 'careless.settings.ts'),
    ).toThrow(
      'careless.settings.ts:\n  UNDESCRIBED: no @Setting (its description and whether it is a secret)\n' +
        '  UNVALIDATED: no validators (class-validator decorators)',
    );
  });

  it('never echoes the value of a setting declared secret, nor of a URL', () => {
    const hidden = declaredSettings()
      .flatMap((room) => room.settings)
      .filter((setting) => setting.secret || setting.name.endsWith('_URL'))
      .map((setting) => setting.name);
    const problems = problemsOf(Object.fromEntries(hidden.map((name) => [name, 'zz-not-shown'])));
    // Some of them refuse the value (a token under 16 characters, a URL that is none), so lines are written.
    expect(problems.map((line) => line.split(':')[0])).toEqual(
      expect.arrayContaining(['METRICS_TOKEN', 'INBOUND_TOKEN', 'DATABASE_URL', 'SMTP_URL']),
    );
    expect(problems.filter((line) => line.includes('zz-not-shown'))).toEqual([]);
    // What is neither is shown, so the operator sees what was read.
    expect(problemsOf({ PORT: 'zz-shown' })).toEqual([expect.stringContaining('(got "zz-shown")')]);
  });
});
