import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { sourceFiles } from './support/source-files';

const SRC = join(__dirname, '..', 'src');

/**
 * Infrastructure imports no room (STYLE.md, "Shape"): a room plugs into it (a provider it asks for, a
 * value its caller passes), so infrastructure can be read, tested and changed without the rooms.
 */
const INFRASTRUCTURE = ['clock', 'config', 'database', 'redis', 'logging', 'metrics', 'queue', 'http', 'staff-auth'];

/**
 * The arrows each top folder of src/ may draw: folder -> what it may import (space-separated), which
 * is what it imports today (issue 37). A folder missing here fails, so a new folder is guarded from its
 * first commit. A file at the top of src/ is named by its file name (`cli-output.ts`). One line a
 * folder: a change that needs a new arrow adds a word, and the comment says why the arrow points that way.
 * The map only shrinks (issue 54, point 5): an arrow named here that no file draws fails, and so does
 * any cycle among the folders, so a new word can never close a loop.
 */
const ALLOWED_LINES: Record<string, string> = {
  // Infrastructure (see INFRASTRUCTURE): only one another.
  clock: '', // the time every rule reads (tests move it)
  config: '', // read first, by everything; validates settings without knowing who uses them
  database: 'config', // the connection, migrations and the cipher; entities are found by file name
  redis: 'config',
  logging: 'config',
  metrics: 'config http', // its route and port; gauges read at a scrape are handed to it (queue/'s QueueMetrics)
  queue: 'config logging metrics redis', // the jobs layer knows kinds of jobs, never the rooms that handle them
  http: 'config database redis', // the edge; the error filter tells an outage (database, Redis) from a bug
  // The guard every staff route wears; it asks staff-accounts/ through a port (STAFF_ADMISSION), so no
  // room imports staff-accounts/ to guard its routes.
  'staff-auth': 'http',
  // The rooms.
  admin: 'clock config http queue rate-limits redis', // the queue dashboard and its login limit
  // Keys are managed by staff (routes) and operators (CLI), and audited.
  'api-keys': 'cli-output.ts audit config database http staff-auth',
  // Stored files: the store, the download route (staff only), their pieces sealed, the bytes kept as a gauge.
  attachments: 'clock config database http metrics staff-auth submissions',
  audit: 'database http staff-auth', // the audit log; staff read it
  auth: 'api-keys clock config database http rate-limits', // the contract's tokens, issued to an API key
  'canned-replies': 'audit config database http staff-accounts staff-auth', // staff's shared answers know no submission
  // The public intake endpoint: a key's submission, checked for spam, recorded as a fact.
  // Its service level is chosen as it is stored (service-levels), in the same INSERT.
  // Rules of `received` are matched as it is stored (rules), the row in their transaction when one matches.
  contact:
    'api-keys audit auth clock custom-fields database http metrics rate-limits rules service-levels spam submissions',
  'custom-fields': 'api-keys audit cli-output.ts config database http staff-auth',
  // A reply flows conversations -> queue -> mail; the mail queue's worker sends ratings' surveys too.
  conversations:
    'api-keys attachments audit clock config database http mail metrics queue ratings redis staff-accounts staff-auth submissions',
  // The staff channels consume submissions (and their conversations, for the reply address); the
  // reconciler re-queues every outbox's lost jobs, surveys' mail and staff notices included; the first
  // attempt and its acknowledgement commit in one transaction.
  delivery:
    'cli-output.ts api-keys audit config conversations database http mail metrics queue ratings staff-auth submissions webhooks',
  health: 'http metrics redis', // the probes, and the metrics route the worker serves beside them
  // An inbound message flows mail (or the route) -> inbound -> conversations.
  inbound: 'api-keys attachments config contact conversations database http mail metrics queue staff-auth submissions',
  live: 'config http logging queue redis staff-accounts staff-auth submissions', // the event stream of submissions, for staff
  mail: 'config http logging mailboxes metrics queue', // SMTP, IMAP, MIME: knows nothing of submissions; asks mailboxes how to sign in
  // The mailbox's OAuth2 grant (sealed: the cipher comes with database/), its routes (admins) and gauge.
  mailboxes: 'audit clock config database http metrics redis staff-auth',
  // Erasure, retention and export reach the rooms that keep rows per submission through their ports
  // (submissions/personal-data/, found at start-up), never their repositories; attachments/ for the
  // hourly sweep of unused uploads, api-keys/ and auth/ for retention's own rows.
  privacy:
    'cli-output.ts api-keys attachments audit auth clock config database http metrics queue staff-auth submissions',
  // Figures over a period, read from day aggregates it builds; changes and deletions mark days to rebuild.
  // `field=` asks custom-fields/ which keys define a select of that name.
  reports:
    'api-keys cli-output.ts clock custom-fields database http queue ratings staff-accounts staff-auth submissions',
  // Per key: it reads the key auth/ identified (a shape of its own: auth/ bundles its guard); a staff
  // route's own budget is named by staff-auth/.
  'rate-limits': 'clock config http logging metrics redis staff-auth',
  // Satisfaction surveys: made when a key's submission is closed (a subscriber of its facts), answered on
  // a public page and recorded as a fact of their own; the mail queue carries them (conversations sends).
  ratings: 'api-keys audit clock config database http queue submissions',
  // Rules (admins) and round robin: they follow submissions' facts in the change's transaction and record
  // their own (the rule as actor); a customer's mail is read for its subject; the cache hears of changes on Redis.
  // A `field.<name>` condition is checked against custom-fields/' definitions when the rule is written.
  rules:
    'audit clock config conversations custom-fields database http logging redis staff-accounts staff-auth submissions',
  // SLA policies (admins), a submission's targets and breaches: they follow submissions' facts and
  // record their own; the policies' cache hears of changes on Redis. `applies_to.fields` is checked against
  // custom-fields/' definitions when a policy is written.
  'service-levels': 'audit clock config custom-fields database http logging metrics queue redis staff-auth submissions',
  spam: 'config database logging metrics queue redis submissions', // signals, verdicts, sender marks
  // Staff accounts, their tokens and sessions; invitations and resets go out by mail. It admits staff
  // routes for staff-auth/'s guard (STAFF_ADMISSION), so it imports that port and no room imports it back.
  'staff-accounts': 'cli-output.ts api-keys audit clock config database http mail rate-limits redis staff-auth',
  // Second factors, sessions and single sign-on: they give staff-accounts/ a verdict through its gate
  // (never the other way round), seal their secrets (the cipher comes with database/), tell the
  // account by mail, and keep a sign-on's state in Redis for its ten minutes.
  'staff-identity': 'audit cli-output.ts clock config database http mail redis staff-accounts staff-auth',
  // A submission's life and the catalogue of its facts; the rooms that consume it subscribe, so it names none.
  submissions: 'api-keys audit clock config custom-fields database http queue staff-accounts staff-auth',
  webhooks: 'cli-output.ts api-keys audit clock config database http metrics queue staff-auth submissions',
};

const ALLOWED: Record<string, string[]> = Object.fromEntries(
  Object.entries(ALLOWED_LINES).map(([folder, line]) => [folder, line.split(' ').filter(Boolean)]),
);

interface Arrow {
  /** The importing file, relative to src/. */
  file: string;
  from: string;
  to: string;
}

/** The top folder of src/ a path is in, or for a file at the top of src/, its file name (`main.ts`). */
function nodeOf(path: string): string {
  const [top, ...rest] = relative(SRC, path).split(/[\\/]/);
  if (rest.length > 0 || existsSync(join(SRC, top))) {
    return top; // a file in a folder, or the folder itself (`from '../queue'` would be its index)
  }
  return top.endsWith('.ts') ? top : `${top}.ts`;
}

/**
 * The files at the top of src/ (main.ts, worker.ts, cli.ts, the role modules, http-app.ts) are the
 * composition roots: they put the rooms together, so they may import anything.
 */
function isCompositionRoot(node: string): boolean {
  return node.endsWith('.ts');
}

/** Every `from '<relative path>'` (and `import('<relative path>')`) of a file, as the node it points into. */
function importedNodes(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\(\s*)'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]);
  return specifiers.map((specifier) => nodeOf(resolve(dirname(file), specifier)));
}

/**
 * The arrows the map does not allow, one line each: from a folder missing from the map, or to a node
 * its line does not name. Arrows inside a folder and from a composition root are always allowed.
 */
function disallowedArrows(arrows: Arrow[], allowed: Record<string, string[]>): string[] {
  const problems = new Set<string>();
  for (const { file, from, to } of arrows) {
    if (from === to || isCompositionRoot(from)) {
      continue;
    }
    if (!(from in allowed)) {
      problems.add(`${from}/ is not in ALLOWED: give it a line naming the folders it may import`);
    } else if (!allowed[from].includes(to)) {
      problems.add(`${file} -> ${to}${isCompositionRoot(to) ? '' : '/'}`);
    }
  }
  return [...problems];
}

/** The strongly connected components of a graph with more than one node (Tarjan), largest first. */
function importCycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    lowest.set(node, next);
    next += 1;
    stack.push(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(target)!));
      } else if (stack.includes(target)) {
        lowest.set(node, Math.min(lowest.get(node)!, index.get(target)!));
      }
    }
    if (lowest.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) {
        components.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) {
    if (!index.has(node)) {
      visit(node);
    }
  }
  return components.sort((a, b) => b.length - a.length);
}

function graphOf(arrows: Arrow[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of arrows) {
    if (from !== to) {
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

describe('import arrows between folders of src/', () => {
  const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
  const arrows: Arrow[] = sourceFiles(SRC).flatMap((file) =>
    importedNodes(file).map((to) => ({ file: relative(SRC, file), from: nodeOf(file), to })),
  );

  it('finds the imports it judges (the scan works)', () => {
    expect(arrows.some((arrow) => arrow.from === 'delivery' && arrow.to === 'submissions')).toBe(true);
    expect(arrows.some((arrow) => arrow.from === 'api-keys' && arrow.to === 'cli-output.ts')).toBe(true);
  });

  it('reports a folder missing from the map, and an arrow its line does not name', () => {
    const problems = disallowedArrows(
      [
        { file: 'new-room/new-room.service.ts', from: 'new-room', to: 'submissions' },
        { file: 'config/environment.ts', from: 'config', to: 'webhooks' },
        { file: 'http/http-app.ts', from: 'http', to: 'app.module.ts' },
        { file: 'main.ts', from: 'main.ts', to: 'submissions' },
      ],
      { config: [], http: ['config'] },
    );
    expect(problems).toEqual([
      'new-room/ is not in ALLOWED: give it a line naming the folders it may import',
      'config/environment.ts -> webhooks/',
      'http/http-app.ts -> app.module.ts',
    ]);
  });

  it('allows only the arrows the map names, for every folder of src/', () => {
    expect(disallowedArrows(arrows, ALLOWED)).toEqual([]);
  });

  it('keeps infrastructure free of rooms', () => {
    const intoRooms = INFRASTRUCTURE.flatMap((folder) =>
      (ALLOWED[folder] ?? []).filter((to) => !INFRASTRUCTURE.includes(to)).map((to) => `${folder} -> ${to}`),
    );
    expect(intoRooms).toEqual([]);
  });

  it('names no arrow that does not exist (the map stays as tight as the code)', () => {
    const drawn = new Set(arrows.map(({ from, to }) => `${from} -> ${to}`));
    const unused = Object.entries(ALLOWED).flatMap(([from, targets]) =>
      targets.filter((to) => !drawn.has(`${from} -> ${to}`)).map((to) => `${from} -> ${to}`),
    );
    expect({ unused, notFolders: Object.keys(ALLOWED).filter((from) => !folders.includes(from)) }).toEqual({
      unused: [],
      notFolders: [],
    });
  });

  it('finds import cycles as strongly connected components', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set(['e'])],
      ['e', new Set(['d'])],
    ]);
    expect(importCycles(graph)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('finds no import cycle among the folders of src/ (not even through a composition root)', () => {
    // A cycle is read off the files, not the map: every arrow of a cycle may be allowed one by one.
    // A folder that imports main.ts or a role module imports every room through it, so those count too.
    const cycles = importCycles(graphOf(arrows)).map((cycle) => `${cycle.length}: ${cycle.join(', ')}`);
    expect(cycles).toEqual([]);
  });
});
