import { write, writeSync } from 'node:fs';

/** Lines gather for at most this long before they are written... */
export const LOG_FLUSH_MS = 50;
/** ...or until this many characters are waiting. */
const LOG_BATCH_CHARS = 64 * 1024;

/**
 * A log destination (pino takes any object with `write`) that writes lines in batches: lines gather
 * for at most LOG_FLUSH_MS (or until 64 KiB wait) and go out in one asynchronous write, one write at a
 * time, in order. Whatever is still waiting when the process exits is written synchronously then.
 *
 * Why not pino's own destination: with `sync: false` it starts a write for every line that finds it
 * idle, which at one request at a time is a write (and a thread-pool round trip) per request, 6 % of a
 * submission's CPU; with `minLength` it measures the byte length of its whole pending buffer again for
 * every line, which cost as much at concurrency 64. Joining the lines of a window once costs neither.
 */
export class BatchedOutput {
  private pending: string[] = [];
  private pendingChars = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing = false;
  /** Bytes of an earlier write the descriptor did not take (a partial write), to go out first. */
  private rest: Buffer | undefined;

  constructor(
    private readonly fd: number,
    private readonly flushMs = LOG_FLUSH_MS,
  ) {
    process.on('exit', () => this.flushSync());
  }

  write(line: string): boolean {
    this.pending.push(line);
    this.pendingChars += line.length;
    if (this.pendingChars >= LOG_BATCH_CHARS) {
      this.writeOut();
    } else if (this.timer === undefined) {
      this.timer = setTimeout(() => this.writeOut(), this.flushMs);
      // Never what keeps a process alive: at exit the lines are written synchronously.
      this.timer.unref();
    }
    return true;
  }

  /** Writes everything waiting, now and synchronously (at exit). */
  flushSync(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    let buffer = this.takeWaiting();
    while (buffer && buffer.length > 0) {
      try {
        buffer = buffer.subarray(writeSync(this.fd, buffer));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
          return;
        }
      }
    }
  }

  private takeWaiting(): Buffer | undefined {
    const text = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    const parts = [this.rest, text === '' ? undefined : Buffer.from(text, 'utf8')].filter(
      (part): part is Buffer => part !== undefined,
    );
    this.rest = undefined;
    return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : Buffer.concat(parts);
  }

  private writeOut(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing) {
      return; // the write in flight writes these next
    }
    const buffer = this.takeWaiting();
    if (!buffer) {
      return;
    }
    this.writing = true;
    write(this.fd, buffer, (error, written) => {
      this.writing = false;
      if (error && error.code !== 'EAGAIN') {
        return; // nowhere to tell: the lines are dropped, as a full disk would drop them
      }
      const left = buffer.subarray(error ? 0 : written);
      if (left.length > 0) {
        this.rest = left;
      }
      if (this.rest || this.pending.length > 0) {
        // A partial write or a busy pipe goes on at once; new lines wait for their window.
        if (this.rest && !error) {
          this.writeOut();
        } else if (this.timer === undefined) {
          this.timer = setTimeout(() => this.writeOut(), this.flushMs);
          this.timer.unref();
        }
      }
    });
  }
}

let stdout: BatchedOutput | undefined;

/** The process's one batched stdout (one exit hook however many applications a process builds). */
export function batchedStdout(): BatchedOutput {
  stdout ??= new BatchedOutput(1);
  return stdout;
}
