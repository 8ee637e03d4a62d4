import type { AppConfig } from '../config/app-config';
import { connectSubscriber, RedisClient } from './redis-connection';

/**
 * A safety net: the value is read again this often even when no change was heard (a message lost
 * while the subscriber reconnected is also covered by the reload on reconnect).
 */
const REFRESH_MS = 5 * 60_000;

/** How long a shutdown waits for the subscriber to say goodbye before it cuts the connection. */
const QUIT_MS = 1000;

export interface AnnouncedSnapshotOptions<T> {
  /** The deployment's channel on which a change is announced (under the Redis prefix). */
  channel: string;
  settings: AppConfig['redis'];
  /** The shared connection changes are published on. */
  publisher: RedisClient;
  /** Reads the value from the database. */
  load: () => Promise<T>;
  /** Told of a subscriber error or an unannounced change (the caller's log, rate-limited). */
  onError: (message: string) => void;
}

/**
 * A value every process keeps in memory (the rules, the SLA policies) so the intake reads it without a
 * database round trip. A change made in any process is announced on a Redis channel and every process
 * reads the value again on its next use; a process also reads it again after its subscriber reconnects
 * (it may have missed a message) and every REFRESH_MS. A failed read is not kept.
 */
export class AnnouncedSnapshot<T> {
  private loaded: Promise<T> | null = null;
  private subscriber: RedisClient | null = null;
  private refresh: NodeJS.Timeout | undefined;

  constructor(private readonly options: AnnouncedSnapshotOptions<T>) {}

  /** Subscribes (at application bootstrap). */
  start(): void {
    const subscriber = connectSubscriber(this.options.settings);
    this.subscriber = subscriber;
    subscriber.on('error', (error: Error) => this.options.onError(`subscriber: ${error.message}`));
    subscriber.on('message', () => this.forget());
    subscriber.on('ready', () => this.forget());
    void subscriber.subscribe(this.options.channel).catch(() => undefined);
    this.refresh = setInterval(() => this.forget(), REFRESH_MS);
    this.refresh.unref();
  }

  /** Unsubscribes (at application shutdown). */
  async stop(): Promise<void> {
    clearInterval(this.refresh);
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) {
      await Promise.race([
        subscriber.quit().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, QUIT_MS).unref()),
      ]);
      subscriber.disconnect();
    }
  }

  /** The value (read from the database only after a change). */
  current(): Promise<T> {
    if (!this.loaded) {
      const loading = this.options.load();
      this.loaded = loading;
      loading.catch(() => {
        if (this.loaded === loading) {
          this.loaded = null;
        }
      });
    }
    return this.loaded;
  }

  /** The value changed (committed): forget it here and tell every other process. */
  async changed(): Promise<void> {
    this.forget();
    try {
      await this.options.publisher.publish(this.options.channel, 'changed');
    } catch (error) {
      // The others read it again within REFRESH_MS.
      this.options.onError(`change not announced: ${(error as Error).message}`);
    }
  }

  private forget(): void {
    this.loaded = null;
  }
}
