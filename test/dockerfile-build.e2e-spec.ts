import { execFileSync, execSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

interface Instruction {
  stage: string;
  command: string;
  args: string;
}

/** The Dockerfile's instructions, each with the stage it belongs to (line continuations joined). */
function instructions(dockerfile: string): Instruction[] {
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');
  let stage = '';
  let index = 0;
  const result: Instruction[] = [];
  for (const line of lines.map((text) => text.trim()).filter((text) => text && !text.startsWith('#'))) {
    const [, command, args] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    if (!command) {
      continue;
    }
    if (command.toUpperCase() === 'FROM') {
      stage = / AS (\S+)/i.exec(args)?.[1] ?? String(index);
      index += 1;
    }
    result.push({ stage, command: command.toUpperCase(), args });
  }
  return result;
}

const NPM_ENV = { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_prefer_offline: 'true' };

/**
 * The stage's `npm ci`, without unpacking 1 100 packages again (a third of the whole test run's CPU on
 * two cores): npm ci itself, as a dry run, checks that the copied package.json and package-lock.json
 * agree (it refuses otherwise, as it would in the image), then the packages this checkout's own
 * `npm ci` put in place from that same lockfile are linked in, file by file. The hidden lockfile is
 * copied instead, since `npm prune` rewrites it. Outside CI a developer's node_modules may hold more
 * than the lockfile; `npm ci` before `npm test` makes them the same.
 */
function installLikeNpmCi(command: string, cwd: string): void {
  execSync(`${command} --dry-run`, { cwd, stdio: 'pipe', env: NPM_ENV });
  // The real folder, never a symbolic link to it: `npm prune` must not reach the checkout's packages.
  const installed = realpathSync(join(ROOT, 'node_modules'));
  const target = join(cwd, 'node_modules');
  try {
    execFileSync('cp', ['-al', installed, target], { stdio: 'pipe' });
  } catch {
    // Another file system (no hard links across them): a plain copy, slower, the same files.
    rmSync(target, { recursive: true, force: true });
    execFileSync('cp', ['-a', installed, target]);
  }
  expect(lstatSync(target).isDirectory()).toBe(true);
  const hiddenLockfile = join(cwd, 'node_modules', '.package-lock.json');
  rmSync(hiddenLockfile, { force: true });
  cpSync(join(ROOT, 'node_modules', '.package-lock.json'), hiddenLockfile);
}

/** Whether .dockerignore leaves `path` out of the build context (its patterns, simply: prefixes and globs). */
function ignored(path: string, patterns: string[]): boolean {
  let excluded = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const pattern = negated ? raw.slice(1) : raw;
    const regex = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/.*)?$`);
    if (regex.test(path)) {
      excluded = !negated;
    }
  }
  return excluded;
}

/**
 * No container engine runs here, so this replays the Dockerfile's build stage without Docker: a clean
 * clone of the committed tree is the context, exactly what the stage COPYs goes into an empty folder,
 * its RUN steps run there, and every path the runtime stage copies out of it must exist. It failed
 * while the Dockerfile never copied console/ (`Cannot resolve entry module console/index.html`).
 */
describe('Dockerfile build stage, replayed without Docker', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const steps = instructions(dockerfile);
  const patterns = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  let work: string;
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('copies nothing .dockerignore leaves out, and leaves secrets, node_modules and test output out', () => {
    const copied = steps
      .filter((step) => step.stage === 'build' && step.command === 'COPY' && !step.args.startsWith('--from'))
      .flatMap((step) => step.args.split(/\s+/).slice(0, -1));
    expect(copied.filter((path) => ignored(path.replace(/^\.\//, ''), patterns))).toEqual([]);
    for (const secret of ['.env', '.env.production', 'node_modules', 'dist', 'coverage', 'test/artifacts', 'key.pem']) {
      expect([secret, ignored(secret, patterns)]).toEqual([secret, true]);
    }
    expect(ignored('.env.example', patterns)).toBe(false);
  });

  it('builds the server and the console from what it copies, and the runtime stage finds what it copies', () => {
    work = mkdtempSync(join(tmpdir(), 'intake-docker-'));
    const context = join(work, 'context');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, context]);
    const app = join(work, 'app');
    mkdirSync(app);
    let cwd = app;
    for (const step of steps.filter((candidate) => candidate.stage === 'build')) {
      if (step.command === 'WORKDIR') {
        cwd = app; // the stage's WORKDIR (/app) is this folder
      } else if (step.command === 'COPY') {
        const parts = step.args.split(/\s+/);
        const target = join(cwd, parts.at(-1)!);
        for (const source of parts.slice(0, -1)) {
          const from = join(context, source);
          expect([source, existsSync(from)]).toEqual([source, true]);
          cpSync(from, parts.length > 2 || parts.at(-1)!.endsWith('/') ? join(target, source) : target, {
            recursive: true,
          });
        }
      } else if (step.command === 'RUN' && /^npm ci\b/.test(step.args)) {
        installLikeNpmCi(step.args, cwd);
      } else if (step.command === 'RUN') {
        execSync(step.args, { cwd, stdio: 'pipe', env: NPM_ENV });
      }
    }
    const runtimeCopies = steps
      .filter((step) => step.stage !== 'build' && step.command === 'COPY' && step.args.includes('--from=build'))
      .map((step) => step.args.split(/\s+/).filter((part) => !part.startsWith('--'))[0]);
    expect(runtimeCopies.length).toBeGreaterThanOrEqual(3);
    for (const path of runtimeCopies) {
      expect([path, existsSync(join(app, path.replace(/^\/app\/?/, '')))]).toEqual([path, true]);
    }
    expect(existsSync(join(app, 'dist', 'main.js'))).toBe(true);
    expect(existsSync(join(app, 'dist', 'console', 'index.html'))).toBe(true);
    // Pruned to production dependencies: the build tools are gone, the runtime ones are there.
    expect(existsSync(join(app, 'node_modules', '@nestjs', 'cli'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', '@nestjs', 'core'))).toBe(true);
  }, 420_000);
});
