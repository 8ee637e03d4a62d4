import { Injectable } from '@nestjs/common';

/**
 * Changes of submissions another process committed, as this process hears of them (the live room
 * hears every process's live events on Redis and tells this signal). What a process caches about
 * submissions listens here besides the facts it records itself (the staff list's counts): the live
 * room knows no cache, and a cache knows no stream.
 */
@Injectable()
export class SubmissionChangesElsewhere {
  private readonly listeners: (() => void)[] = [];

  /** `listener` runs each time another process's change is heard (it must not throw or wait). */
  listen(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Another process changed or took in a submission. */
  heard(): void {
    for (const listener of this.listeners) {
      listener();
    }
  }
}
