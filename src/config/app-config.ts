import { existsSync } from 'node:fs';
import { EnvironmentVariables, validateEnvironment } from './environment';
import { declaredSettings } from './settings';

/**
 * The validated, typed configuration every module receives by injection. Durations are seconds.
 *
 * Its sections are the rooms': each room's settings file declares its section's type (merged into
 * this class: `declare module '../config/app-config' { interface AppConfig { mail: ... } }`) and
 * reads it from the validated settings (`config` of `declareSettings`), so a new room adds a section
 * without editing this file.
 */
export class AppConfig {
  constructor(env: EnvironmentVariables) {
    for (const room of declaredSettings()) {
      Object.assign(this, room.config?.(env));
    }
  }
}

/**
 * Reads `.env` into the environment (if present; variables already set win), then validates the
 * environment with `overrides` on top, once. Throws InvalidConfigurationError listing every bad setting.
 */
export function loadConfig(overrides: Record<string, string | undefined> = {}): AppConfig {
  if (existsSync('.env')) {
    process.loadEnvFile('.env');
  }
  return new AppConfig(validateEnvironment({ ...process.env, ...overrides }));
}

/** The OAuth2 client of the mailbox (AppConfig.mail.oauth, declared in mail/mail.settings.ts). */
export type MailOAuthSettings = NonNullable<AppConfig['mail']['oauth']>;
