import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { StartedProcess, track } from './processes';
import { waitUntil } from './wait';

const run = promisify(execFile);
/** This checkout: its .git, its node_modules. */
const CHECKOUT = join(__dirname, '..', '..');

/** Another release of the service, checked out beside this one and built (see buildRelease). */
export interface BuiltRelease {
  /** The commit it was built from (full id). */
  commit: string;
  /** Its worktree: the sources of that commit, with this checkout's node_modules linked in. */
  dir: string;
  /** Locked packages of that release that this checkout's node_modules holds at another version. */
  differingPackages: string[];
  /** Starts `dist/<entry>` of that release (main.js or worker.js), as startService does this one's. */
  start: (env: Record<string, string>, entry?: 'main.js' | 'worker.js') => Promise<StartedProcess>;
  /** Loads one compiled module of that release (`dist/<path>`, e.g. `queue/job-catalogue.js`). */
  load: <T>(path: string) => Promise<T>;
  /** Runs that release's CLI with `--json` among `args`: its parsed line. */
  cliJson: (env: Record<string, string>, args: string[], input?: string) => Promise<Record<string, unknown>>;
  /** Removes the worktree (and its record in .git). */
  remove: () => Promise<void>;
}

const git = (args: string[]) => run('git', args, { cwd: CHECKOUT, maxBuffer: 64 * 1024 * 1024 });

/**
 * Checks out `revision` (a tag or commit) with `git worktree add --detach` into a folder of its own
 * under the system's temporary folder and builds it (`npx nest build`, about 30 s). Fails, never
 * skips, when git or the revision is missing: the test it serves would otherwise pass without testing.
 *
 * Its packages are this checkout's node_modules, linked in rather than installed with `npm ci`: an
 * install is a minute and ~1,100 packages unpacked from the registry (and needs the registry), where
 * releases one apart lock nearly the same packages. That it holds is checked, not assumed: every
 * package the release's own package-lock.json puts at the top of node_modules must be there (else this
 * fails, naming them), and those at another version are listed in `differingPackages` for the test to
 * print. A release whose packages drifted further needs `npm ci` in its worktree instead.
 */
export async function buildRelease(revision: string): Promise<BuiltRelease> {
  let commit: string;
  try {
    await git(['rev-parse', '--git-dir']);
  } catch (error) {
    throw new Error(
      `Building the previous release needs git and this repository's history (.git) in ${CHECKOUT}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    commit = (await git(['rev-parse', '--verify', '--quiet', `${revision}^{commit}`])).stdout.trim();
  } catch (error) {
    throw new Error(
      `The previous release ${revision} is not in this clone (a shallow clone? fetch its history: ` +
        '`git fetch --unshallow`, or actions/checkout with fetch-depth: 0)',
      { cause: error },
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'contact-intake-release-'));
  const modules = join(dir, 'node_modules');
  const remove = async () => {
    // The link first: removing the worktree must never reach through it into this checkout's packages.
    await unlink(modules).catch(() => undefined);
    await git(['worktree', 'remove', '--force', dir]).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await git(['worktree', 'add', '--detach', dir, commit]);
    await symlink(join(CHECKOUT, 'node_modules'), modules, 'dir');
    const differingPackages = await comparePackages(commit);
    try {
      await run('npx', ['nest', 'build'], { cwd: dir, maxBuffer: 16 * 1024 * 1024, timeout: 300_000 });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`nest build of ${revision} failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
    }
    for (const entry of ['main.js', 'worker.js', 'cli.js']) {
      if (!existsSync(join(dir, 'dist', entry))) {
        throw new Error(`nest build of ${revision} made no dist/${entry}`);
      }
    }
    return {
      commit,
      dir,
      differingPackages,
      start: (env, entry = 'main.js') => startBuilt(dir, env, entry),
      load: async <T>(path: string) => {
        const file = join(dir, 'dist', path);
        if (!existsSync(file)) {
          throw new Error(`The release ${revision} has no dist/${path}: say where it keeps that now`);
        }
        return (await import(file)) as T;
      },
      cliJson: async (env, args, input = '') => {
        const child = run(process.execPath, [join(dir, 'dist', 'cli.js'), ...args], {
          cwd: dir,
          env: { ...process.env, ...env, LOG_LEVEL: 'error' },
        });
        child.child.stdin?.end(input);
        return JSON.parse((await child).stdout) as Record<string, unknown>;
      },
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * The packages the release at `commit` locks at the top of node_modules, against this checkout's
 * node_modules: throws naming any that is missing (optional ones, such as another platform's
 * binaries, excepted); answers those installed at another version.
 */
async function comparePackages(commit: string): Promise<string[]> {
  const lock = JSON.parse((await git(['show', `${commit}:package-lock.json`])).stdout) as {
    packages: Record<string, { version?: string; optional?: boolean; link?: boolean }>;
  };
  const missing: string[] = [];
  const differing: string[] = [];
  for (const [path, locked] of Object.entries(lock.packages)) {
    // Top-level packages only: nested copies follow from them.
    if (!path.startsWith('node_modules/') || path.includes('/node_modules/', 1) || !locked.version || locked.link) {
      continue;
    }
    const name = path.slice('node_modules/'.length);
    let installed: string | undefined;
    try {
      installed = (JSON.parse(readFileSync(join(CHECKOUT, path, 'package.json'), 'utf8')) as { version: string })
        .version;
    } catch {
      installed = undefined;
    }
    if (installed === undefined) {
      if (!locked.optional) {
        missing.push(name);
      }
    } else if (installed !== locked.version) {
      differing.push(`${name} ${locked.version} -> ${installed}`);
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `This checkout's node_modules lacks packages the release at ${commit} needs (${missing.join(', ')}): ` +
        'run npm ci in its worktree instead of linking node_modules',
    );
  }
  return differing;
}

/** Starts `<dir>/dist/<entry>` in `dir` with the run's settings plus `env`, and waits for it to serve. */
async function startBuilt(dir: string, env: Record<string, string>, entry: string): Promise<StartedProcess> {
  const started = track(
    spawn(process.execPath, [join(dir, 'dist', entry)], {
      cwd: dir,
      env: { ...process.env, LOG_LEVEL: 'log', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const ready = entry === 'worker.js' ? 'Staff worker started' : 'Listening on';
  await waitUntil(() => {
    if (started.child.exitCode !== null) {
      throw new Error(`the release in ${dir} exited early (${entry}):\n${started.output()}`);
    }
    return started.output().includes(ready);
  }, `start of ${entry} in ${dir}`);
  return started;
}
