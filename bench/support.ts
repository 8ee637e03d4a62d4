import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export { freePort } from '../test/support/processes';

/** Resident set size of a process in bytes, from /proc (Linux). */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Samples the peak RSS of some processes until stopped. */
export function watchPeakRss(pids: number[]): () => number {
  let peak = 0;
  const sample = () => {
    for (const pid of pids) {
      try {
        peak = Math.max(peak, rssOf(pid));
      } catch {
        // the process has exited
      }
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

export interface Server {
  child: ChildProcess;
  port: number;
  stop: () => Promise<void>;
}

/** Starts a server process and waits until it answers on its port. */
export async function startServer(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<Server> {
  let output = '';
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${args.join(' ')} exited:\n${output}`);
    }
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: 'POST' });
      break;
    } catch {
      if (Date.now() > deadline) {
        throw new Error(`${args.join(' ')} did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    child,
    port,
    stop: async () => {
      if (child.exitCode === null) {
        process.kill(child.pid!, 'SIGTERM');
        await exited;
      }
    },
  };
}

export function createKey(env: NodeJS.ProcessEnv): { id: string; key: string } {
  const output = execFileSync(
    process.execPath,
    ['dist/cli.js', 'keys', 'create', '--name', 'bench', '--rate-limit', '1000000000', '--rate-window', '60', '--json'],
    { env },
  );
  return JSON.parse(output.toString()) as { id: string; key: string };
}
