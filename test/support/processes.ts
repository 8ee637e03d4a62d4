import { ChildProcess, ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitUntil } from './wait';

const runFile = promisify(execFile);

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface StartedProcess {
  child: ChildProcess;
  output: () => string;
  /** Stops exactly this process (by its pid) and waits for it to exit; resolves its exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Collects a child process's output and stops it by pid. */
export function track(child: ChildProcess): StartedProcess {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(child.pid!, signal);
        const timer = setTimeout(() => child.exitCode === null && process.kill(child.pid!, 'SIGKILL'), 15_000);
        const code = await exited;
        clearTimeout(timer);
        return code;
      }
      return child.exitCode;
    },
  };
}

/** Starts the built service (`node dist/main.js`) with the run's settings plus `env`, and waits for it. */
export async function startService(env: Record<string, string>, entry = 'main.js'): Promise<StartedProcess> {
  const started = track(
    spawn(process.execPath, [join(__dirname, '..', '..', 'dist', entry)], {
      env: { ...process.env, LOG_LEVEL: 'log', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const ready = entry === 'worker.js' ? 'Staff worker started' : 'Listening on';
  try {
    await waitUntil(() => {
      if (started.child.exitCode !== null) {
        throw new Error(`service exited early:\n${started.output()}`);
      }
      return started.output().includes(ready);
    }, `service start (${entry})`);
  } catch (error) {
    // A start that did not finish in time is still a process: stopped here, or it outlives the run.
    await started.stop('SIGKILL');
    throw error;
  }
  return started;
}

/** Starts a redis-server of the test's own on `port` (never the shared one). */
export async function startRedis(port: number): Promise<StartedProcess> {
  const started = track(
    spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  await waitUntil(() => started.output().includes('Ready to accept connections'), `redis-server on ${port}`);
  return started;
}

/**
 * Runs the built CLI (`node dist/cli.js <args>`) with the run's settings plus `env`, `input` on its
 * stdin, and answers the one JSON line a `--json` command prints.
 */
/** The built CLI's path (`npm run build` made it). */
const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');

/**
 * The built CLI, as an operator runs it: `env` over the run's settings, `input` to standard input (a
 * password). Answers its output; a non-zero exit rejects with the output attached. The one way a suite
 * runs a command (spawnCli for one that must be watched or answered while it runs).
 */
export async function runCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<{ stdout: string; stderr: string }> {
  const run = runFile(process.execPath, [CLI, ...args], { env: { ...process.env, ...options.env } });
  run.child.stdin?.end(options.input ?? '');
  return run;
}

/** The built CLI as a child process, for a command a test watches or answers while it runs. */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: 'pipe' });
}

/** runCli with `--json` among `args`: its parsed line. */
export async function cliJson(
  env: Record<string, string>,
  args: string[],
  input?: string,
): Promise<Record<string, unknown>> {
  return JSON.parse((await runCli(args, { env: { ...env, LOG_LEVEL: 'error' }, input })).stdout) as Record<
    string,
    unknown
  >;
}
