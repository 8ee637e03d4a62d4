import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const SRC = join(__dirname, '..', 'src');

/**
 * Import arrows that must not exist between the folders of src/, in the spirit of the schema-drift
 * test: a room never imports the rooms that consume it (they plug in through its hooks), and the
 * infrastructure imports no room. Each rule: folder -> folders it must never import.
 */
const FORBIDDEN: Record<string, string[]> = {
  // A submission's life; delivery, webhooks and privacy consume it (SubmissionHooks for the staff side).
  submissions: ['delivery', 'webhooks', 'privacy', 'contact', 'admin', 'canned-replies', 'live'],
  // Staff's shared answers know no submission: the console fills their placeholders where a reply is written.
  'canned-replies': ['submissions', 'conversations', 'inbound', 'mail', 'delivery', 'webhooks'],
  // Live events: the rooms that change submissions publish through it (contact, inbound) or its hooks.
  live: ['contact', 'inbound', 'conversations', 'delivery', 'webhooks'],
  // The connection, migrations and the cipher: entities and migrations are found by file name.
  database: [
    'submissions',
    'webhooks',
    'api-keys',
    'auth',
    'staff-accounts',
    'audit',
    'privacy',
    'delivery',
    'contact',
  ],
  // The jobs layer knows kinds of jobs, never the rooms that handle them.
  queue: ['submissions', 'webhooks', 'privacy', 'delivery', 'contact', 'api-keys', 'staff-accounts', 'audit'],
  redis: ['submissions', 'webhooks', 'privacy', 'delivery', 'queue'],
  config: ['submissions', 'delivery', 'privacy', 'queue', 'database'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return sourceFiles(path);
    }
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The top folder of src/ a file is in, or that a relative import from it points into. */
function folderOf(path: string): string {
  return relative(SRC, path).split(/[\\/]/)[0];
}

/** Every `from '<relative path>'` (and `import('<relative path>')`) of a file, resolved to a top folder. */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\(\s*)'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]);
  return specifiers.map((specifier) => folderOf(resolve(dirname(file), specifier)));
}

describe('import arrows between folders of src/', () => {
  const arrows = sourceFiles(SRC).flatMap((file) =>
    importedFolders(file).map((to) => ({ file: relative(SRC, file), from: folderOf(file), to })),
  );

  it('finds the imports it judges (the scan works)', () => {
    expect(arrows.some((arrow) => arrow.from === 'delivery' && arrow.to === 'submissions')).toBe(true);
  });

  it.each(Object.entries(FORBIDDEN))('%s/ imports none of %j', (from, forbidden) => {
    const broken = arrows.filter((arrow) => arrow.from === from && forbidden.includes(arrow.to));
    expect(broken.map((arrow) => `${arrow.file} -> ${arrow.to}/`)).toEqual([]);
  });
});
