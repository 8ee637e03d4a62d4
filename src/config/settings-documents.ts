import { DeclaredRoom, DeclaredSetting } from './settings';

/**
 * What `npm run settings` writes from the rooms' declarations: `.env.example` and the settings table
 * of the operator's guide. Both are made of one piece per setting, so the test that compares them with
 * the committed files can name the settings whose piece differs.
 */

const ENV_EXAMPLE_HEADER = [
  '# contact-intake settings. Copy to .env (optional) or set them in the environment; the environment wins.',
  '# Durations are in seconds unless noted. Secrets are left empty: fill them in, never commit them.',
  "# Written by `npm run settings` from each room's declarations (src/<room>/<room>.settings.ts): edit those.",
];

export const TABLE_START =
  "<!-- settings table: written by `npm run settings` from each room's src/<room>/<room>.settings.ts; edit those -->";
export const TABLE_END = '<!-- end of settings table -->';
const TABLE_HEAD = ['| Room | Setting | Default | Read by | Meaning |', '|---|---|---|---|---|'];

/** A setting's lines in .env.example: its description as comments, then `NAME=value`. */
export function envExamplePiece(setting: DeclaredSetting): string {
  const sentence = /[.!?]$/.test(setting.description) ? setting.description : `${setting.description}.`;
  const text = plainText(`${setting.secret ? '(secret) ' : ''}${sentence} Read by: ${setting.readBy}.`);
  return [...wrap(text, 98).map((line) => `# ${line}`), `${setting.name}=${exampleValue(setting)}`].join('\n');
}

export function envExample(rooms: DeclaredRoom[]): string {
  const sections = rooms.map((room) =>
    [`# --- ${room.room} (src/${room.file}) ---`, ...room.settings.map(envExamplePiece)].join('\n\n'),
  );
  return `${[ENV_EXAMPLE_HEADER.join('\n'), ...sections].join('\n\n')}\n`;
}

/** A setting's row in the operator's table. */
export function tableRow(setting: DeclaredSetting, room: DeclaredRoom): string {
  const name = `\`${setting.name}\`${setting.secret ? ' (secret)' : ''}`;
  return `| ${room.room} | ${name} | ${shownDefault(setting)} | ${setting.readBy} | ${setting.description} |`;
}

export function settingsTable(rooms: DeclaredRoom[]): string {
  return [
    TABLE_START,
    ...TABLE_HEAD,
    ...rooms.flatMap((room) => room.settings.map((setting) => tableRow(setting, room))),
    TABLE_END,
  ].join('\n');
}

/** The guide with its table (between the markers) replaced by `table`. */
export function withSettingsTable(guide: string, table: string): string {
  const start = guide.indexOf(TABLE_START);
  const end = guide.indexOf(TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`the operator's guide has no settings table between "${TABLE_START}" and "${TABLE_END}"`);
  }
  return guide.slice(0, start) + table + guide.slice(end + TABLE_END.length);
}

/**
 * The settings whose piece `written` lacks (changed, missing, or never written), and the names it has
 * that no room declares (`NAME=` lines or table rows of settings since removed or renamed).
 */
export function differingSettings(
  written: string,
  rooms: DeclaredRoom[],
  pieceOf: (setting: DeclaredSetting, room: DeclaredRoom) => string,
  namesIn: (written: string) => string[],
): string[] {
  const declared = rooms.flatMap((room) => room.settings.map((setting) => ({ setting, room })));
  const names = new Set(declared.map(({ setting }) => setting.name));
  const changed = declared
    .filter(({ setting, room }) => !`\n${written}\n`.includes(`\n${pieceOf(setting, room)}\n`))
    .map(({ setting }) => `${setting.name} (changed or missing)`);
  const undeclared = namesIn(written)
    .filter((name) => !names.has(name))
    .map((name) => `${name} (declared nowhere)`);
  return [...changed, ...undeclared];
}

export const envExampleNames = (written: string): string[] =>
  [...written.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);

export const tableNames = (written: string): string[] => {
  const start = written.indexOf(TABLE_START);
  const end = written.indexOf(TABLE_END);
  const table = start >= 0 && end > start ? written.slice(start, end) : '';
  return [...table.matchAll(/^\| [a-z-]+ \| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]);
};

function shownDefault(setting: DeclaredSetting): string {
  const value = setting.defaultValue;
  const plain = value === undefined || value === '' ? 'empty' : `\`${String(value)}\``;
  if (setting.shownDefault === undefined) {
    return plain;
  }
  if (plain !== 'empty' && !setting.shownDefault.includes(plain)) {
    // The shown default explains the value; it must not drift from it.
    throw new Error(`${setting.name}: shownDefault "${setting.shownDefault}" does not name its default ${plain}`);
  }
  return setting.shownDefault;
}

function exampleValue(setting: DeclaredSetting): string {
  return setting.secret || setting.defaultValue === undefined ? '' : String(setting.defaultValue);
}

/** Markdown to what a comment shows: links as their text, no code or emphasis marks. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\*\*|`/g, '')
    .replace(/\\\|/g, '|');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return line ? [...lines, line] : lines;
}
