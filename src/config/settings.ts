import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import type { AppConfig } from './app-config';
import type { EnvironmentVariables } from './environment';

/**
 * The vocabulary a room declares its settings in, beside itself (`mail/mail.settings.ts`), after
 * brocoders' `mail/config/mail.config.ts`: a class whose properties are the settings, each with its
 * class-validator rules, its default (the initializer) and `@Setting` (what the operator reads), plus
 * `declareSettings` for the room's rules across settings and its part of AppConfig. Config finds the
 * declarations by file name (`*.settings.ts`), as the database finds entities, so it imports no room;
 * one validation pass covers them all (validateEnvironment), and `.env.example` and the operator's
 * settings table are written from them (`npm run settings`).
 */
export interface SettingDescription {
  /** What it does, for the operator (Markdown): the settings table's "Meaning" and .env.example's comment. */
  description: string;
  /** The processes that read it: `API`, `worker`, `CLI`, `every process`... */
  readBy: string;
  /** A password, key or token: .env.example leaves it empty, errors never echo it. */
  secret: boolean;
  /** The table's default when the value alone says too little (`` `604800` (7 d) ``); must name the value. */
  shownDefault?: string;
}

const DESCRIPTIONS = new Map<object, Map<string, SettingDescription>>();

/** Describes a setting (a property of a room's settings class) for the operator. */
export function Setting(description: SettingDescription): PropertyDecorator {
  return (target, property) => {
    const described = DESCRIPTIONS.get(target.constructor) ?? new Map<string, SettingDescription>();
    described.set(String(property), description);
    DESCRIPTIONS.set(target.constructor, described);
  };
}

/** What a room declares: its settings (a class), the rules across them, and its part of AppConfig. */
export interface RoomSettings<T extends object = object> {
  /** The room's folder under src/ (`mail`), or what the settings are about (`process`). */
  room: string;
  /** The room's settings: one property each, with its validators, default and `@Setting`. */
  variables: new () => T;
  /**
   * One line per problem (`NAME: what is wrong`) that no single setting's validators can see: settings
   * that go together, or that another room's setting requires. Runs once every setting is parsed.
   */
  problems?: (env: EnvironmentVariables) => string[];
  /** The room's sections of AppConfig, read from the validated settings (any room's). */
  config?: (env: EnvironmentVariables) => Partial<AppConfig>;
}

/** Declares a room's settings; the file's one export of this kind is what config finds. */
export function declareSettings<T extends object>(room: RoomSettings<T>): RoomSettings<T> {
  return room;
}

/** A setting as the validation pass and the generated documents see it. */
export interface DeclaredSetting extends SettingDescription {
  name: string;
  /** Its value when unset (undefined: none). */
  defaultValue: string | number | boolean | undefined;
}

export interface DeclaredRoom extends RoomSettings {
  /** The declaring file, relative to src/ (`mail/mail.settings.ts`). */
  file: string;
  /** In declaration order. */
  settings: DeclaredSetting[];
}

const SOURCE_ROOT = join(__dirname, '..');
const SETTINGS_FILE = /\.settings\.(ts|js)$/;
let declared: DeclaredRoom[] | undefined;

/**
 * Every room's declared settings, from the `*.settings.ts` files under src/ (`.js` under dist/), in
 * the order of their paths; read once. Throws when a declaration is incomplete, so a setting without
 * a description or validators stops every process and test at once.
 */
export function declaredSettings(): DeclaredRoom[] {
  declared ??= settingsFiles(SOURCE_ROOT)
    .sort()
    .map((path) => declaredRoom(loadedFrom(path), relative(SOURCE_ROOT, path)));
  return declared;
}

function settingsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' ? [] : settingsFiles(path);
    }
    return SETTINGS_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The one declaration a settings file exports. */
function loadedFrom(path: string): RoomSettings {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- found by file name, like entities
  const exported = Object.values(require(path) as Record<string, unknown>).filter(isRoomSettings);
  if (exported.length !== 1) {
    throw new Error(`${path}: exports ${exported.length} declareSettings(...) declarations; one is expected`);
  }
  return exported[0];
}

/**
 * A room's declaration with its settings listed, in declaration order. Throws when a setting lacks its
 * description or its validators, naming them.
 */
export function declaredRoom(room: RoomSettings, path: string): DeclaredRoom {
  const file = path.replace(/\\/g, '/').replace(/\.js$/, '.ts');
  const described = DESCRIPTIONS.get(room.variables) ?? new Map<string, SettingDescription>();
  const validated = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(room.variables, '', true, false)
      .map((entry) => entry.propertyName),
  );
  const undescribed = [...validated].filter((name) => !described.has(name));
  const unvalidated = [...described.keys()].filter((name) => !validated.has(name));
  if (undescribed.length > 0 || unvalidated.length > 0) {
    const lines = [
      ...undescribed.map((name) => `${name}: no @Setting (its description and whether it is a secret)`),
      ...unvalidated.map((name) => `${name}: no validators (class-validator decorators)`),
    ];
    throw new Error(`${file}:\n  ${lines.join('\n  ')}`);
  }
  const defaults = new room.variables() as Record<string, DeclaredSetting['defaultValue']>;
  const settings = [...described].map(([name, description]) => ({
    name,
    ...description,
    defaultValue: defaults[name],
  }));
  return { ...room, file, settings };
}

function isRoomSettings(value: unknown): value is RoomSettings {
  const candidate = value as Partial<RoomSettings> | null;
  return typeof candidate?.room === 'string' && typeof candidate.variables === 'function';
}

// How raw strings become values before validation (class-transformer's @Transform).

export const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

export const toNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

export const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') {
    return value;
  }
  const lowered = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lowered)) {
    return true;
  }
  if (['0', 'false', 'no', 'off', ''].includes(lowered)) {
    return false;
  }
  return value;
};

export const emptyToUndefined = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A comma-separated setting's entries, trimmed, empty ones dropped. */
export function commaList(raw: string): string[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** 127.x.x.x, localhost or [::1]: where plain http stays on the machine. */
export function isLoopbackName(hostname: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(hostname);
}
