import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { declaredSettings } from './settings';

/**
 * Every setting's validated value, by name. Each room adds its own settings class to it beside its
 * declaration (`interface EnvironmentVariables extends MailSettings {}` in `mail/mail.settings.ts`),
 * so the rules across rooms read any setting typed, and config names no room.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EnvironmentVariables {}

/** Every declared setting's name (so a list of them cannot drift from the declarations). */
export function settingNames(): string[] {
  return declaredSettings().flatMap((room) => room.settings.map((setting) => setting.name));
}

/**
 * Validates raw environment values against every room's declarations in one pass: first each setting
 * on its own, then each room's rules across settings. Throws one line per problem.
 */
export function validateEnvironment(raw: Record<string, string | undefined>): EnvironmentVariables {
  const rooms = declaredSettings();
  const env = {} as EnvironmentVariables;
  const problems: string[] = [];
  for (const room of rooms) {
    const present: Record<string, string> = {};
    for (const { name } of room.settings) {
      const value = raw[name];
      if (value !== undefined) {
        present[name] = value;
      }
    }
    const values = plainToInstance(room.variables, present);
    // Secrets are never echoed; nor is anything named like one, nor URLs, which may carry a password.
    const hidden = new Set(
      room.settings
        .filter((setting) => setting.secret || /SECRET|PASSWORD|TOKEN|URL|KEYS/.test(setting.name))
        .map((setting) => setting.name),
    );
    problems.push(
      ...validateSync(values, { skipMissingProperties: false }).map((error) => {
        const shown = typeof error.value === 'string' && !hidden.has(error.property) ? ` (got "${error.value}")` : '';
        return `${error.property}: ${Object.values(error.constraints ?? {}).join('; ')}${shown}`;
      }),
    );
    Object.assign(env, values);
  }
  for (const room of rooms) {
    problems.push(...(room.problems?.(env) ?? []));
  }
  if (problems.length > 0) {
    throw new InvalidConfigurationError(problems);
  }
  return env;
}

export class InvalidConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
}
